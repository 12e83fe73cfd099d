// The settings switch: the newsletter on (with the version of the consent text the reader saw) or
// off. Apart from useMyNewsletter, which public pages load, so they do not carry the mutation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NEWSLETTER_CONSENT } from '../../../../../shared/newsletter-rules';
import { useAuth } from '../../../auth/context';
import { newsletterKeys } from '../api/keys';
import { updateMyNewsletter } from '../api/reader';

export function useSetMyNewsletter() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => updateMyNewsletter(subscribed, subscribed ? NEWSLETTER_CONSENT.version : undefined),
    onSuccess: (mine) => queryClient.setQueryData(newsletterKeys.mine(user?.userId), mine),
  });
}
