// The newsletter's sign-up box, on the home, at the end of an article and in the footer. It is part
// of server-rendered pages, so it is small: plain elements styled in site.css and a Mantine Button,
// no Mantine input. The address gets a confirmation e-mail (double opt-in); a signed-in reader who
// already receives the newsletter is told so instead of being offered the form. An anonymous reader's
// box is worked by web/src/islands/newsletter.island.ts (same rules: lib/signup.ts).
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { NEWSLETTER_CONSENT, NEWSLETTER_MESSAGES, NEWSLETTER_LIMITS } from '../../../../../shared/newsletter-rules';
import { ApiRequestError } from '../../../lib/api';
import { signup, type SignupInput } from '../api/reader';
import { useMyNewsletter } from '../hooks/useMyNewsletter';
import { LOOKS_LIKE_EMAIL, signupFailure } from '../lib/signup';
import { PRIVACY_PATH } from '../../privacy/paths';

type Source = SignupInput['source'];

function failure(error: unknown): string {
  return error instanceof ApiRequestError ? signupFailure(error.status, error.message) : NEWSLETTER_MESSAGES.signupError;
}

export function NewsletterSignup({ source }: { source: Source }) {
  const id = useId();
  const { pathname } = useLocation();
  const mine = useMyNewsletter();
  const [email, setEmail] = useState('');
  // Plain state rather than a mutation hook: the box ships with every public page.
  const [state, setState] = useState<{ phase: 'idle' | 'sending' } | { phase: 'done'; message: string } | { phase: 'failed'; message: string }>({ phase: 'idle' });
  const inFooter = source === 'footer';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.phase === 'sending') return;
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setState({ phase: 'failed', message: NEWSLETTER_MESSAGES.email });
      return;
    }
    setState({ phase: 'sending' });
    signup({ email: address, source, source_page: pathname, consent_version: NEWSLETTER_CONSENT.version }).then(
      (result) => setState({ phase: 'done', message: result.message || NEWSLETTER_MESSAGES.signupSent }),
      (error: unknown) => setState({ phase: 'failed', message: failure(error) }),
    );
  }

  const subscribed = mine.data?.status === 'active';
  const error = state.phase === 'failed' ? state.message : null;
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;

  // Already a subscriber (signed in): one quiet line instead of the offer, and nothing in the footer.
  if (subscribed && inFooter) return null;
  if (subscribed) {
    return (
      <section className="newsletter-box" data-source={source} data-newsletter data-subscribed aria-label="Newsletter">
        <p className="newsletter-box-done" role="status">
          <IconMailCheck size={20} aria-hidden />
          <span>
            Você já recebe a newsletter. <Link to="/settings">Gerenciar</Link>
          </span>
        </p>
      </section>
    );
  }

  return (
    <section className="newsletter-box" data-source={source} data-newsletter data-island="newsletter" aria-labelledby={titleId}>
      <div className="newsletter-box-text">
        {!inFooter && <p className="newsletter-box-kicker">Newsletter</p>}
        <h2 className="newsletter-box-title" id={titleId}>
          {inFooter ? 'Newsletter do Portal Plural' : 'Receba as principais notícias no seu e-mail'}
        </h2>
        <p className="newsletter-box-lead">
          {inFooter ? 'As principais notícias no seu e-mail.' : 'Uma seleção do que importa, escolhida pela redação do Portal Plural. Grátis.'}
        </p>
      </div>
      {state.phase === 'done' ? (
        <p className="newsletter-box-done" role="status">
          <IconMailCheck size={20} aria-hidden />
          <span>{state.message}</span>
        </p>
      ) : (
        <form className="newsletter-box-form" noValidate onSubmit={submit}>
          <div className="newsletter-box-row">
            <label htmlFor={`${id}-email`} className="visually-hidden">
              Seu e-mail
            </label>
            <input
              id={`${id}-email`}
              className="newsletter-box-input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="Seu e-mail"
              maxLength={NEWSLETTER_LIMITS.emailMax}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                if (state.phase === 'failed') setState({ phase: 'idle' });
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <Button type="submit" loading={state.phase === 'sending'} className="newsletter-box-button">
              Inscrever-se
            </Button>
          </div>
          {error && (
            <p className="newsletter-box-error" id={errorId} role="alert">
              {error}
            </p>
          )}
          <p className="newsletter-box-consent">
            {/* The link is not named "Privacidade": the footer, which holds this box, has that link. */}
            {NEWSLETTER_CONSENT.text} Política de Privacidade: <Link to={PRIVACY_PATH}>como usamos seus dados</Link>.
          </p>
        </form>
      )}
    </section>
  );
}
