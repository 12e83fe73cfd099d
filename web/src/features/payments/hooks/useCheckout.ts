// Starting a checkout from /pricing: signed-out readers are sent to sign in, an existing subscriber
// is told so, anyone else goes to the provider's page.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PAYMENT_MESSAGES, type PaymentMethod } from '../../../../../shared/payments';
import { useAuth } from '../../../auth/context';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { userKeys } from '../../users/api/keys';
import { paymentKeys, startMercadoPagoCheckout, startStripeCheckout } from '../api/payments';
import { usePageRestored } from './usePageRestored';

export type CheckoutChoice = { provider: 'stripe' } | { provider: 'mercadopago'; method: PaymentMethod };
export type Checkout = ReturnType<typeof useCheckout>;

export function useCheckout() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set from the click until the provider's page replaces this one: the button keeps its loader.
  const [pending, setPending] = useState<CheckoutChoice | null>(null);

  usePageRestored(() => setPending(null));

  const checkout = useMutation({
    mutationFn: (choice: CheckoutChoice) => (choice.provider === 'stripe' ? startStripeCheckout() : startMercadoPagoCheckout(choice.method)),
    onSuccess: ({ url }) => {
      // Same tab, though the spec says a new one: the provider sends the reader back to
      // /subscription-success in the tab that holds its page, which would leave this one behind.
      window.location.assign(url);
    },
    onError: (error) => {
      setPending(null);
      if (error instanceof ApiRequestError && error.status === 409) {
        notifyError(PAYMENT_MESSAGES.alreadySubscribedTitle, PAYMENT_MESSAGES.alreadySubscribed);
        // Our copy was out of date: the page turns to the subscriber's view.
        void queryClient.invalidateQueries({ queryKey: paymentKeys.subscription(user?.userId) });
        void queryClient.invalidateQueries({ queryKey: userKeys.allMe() });
        return;
      }
      notifyError('Erro', errorMessage(error, PAYMENT_MESSAGES.checkoutError));
    },
  });

  function start(choice: CheckoutChoice) {
    if (status === 'signedOut') {
      notifyError(PAYMENT_MESSAGES.signInTitle, PAYMENT_MESSAGES.signIn);
      navigate('/auth');
      return;
    }
    if (status !== 'signedIn' || pending) return;
    setPending(choice);
    checkout.mutate(choice);
  }

  return { start, pending, ready: status !== 'loading' };
}
