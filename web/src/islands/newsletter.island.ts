// The newsletter's sign-up box for an anonymous reader (footer, home, end of an article; the React box
// is features/newsletter/components/NewsletterSignup.tsx): the same check of the address, the same
// request and the same messages, inline as the box shows them (an alert under the field, then the
// confirmation in place of the form).
import { NEWSLETTER_CONSENT, SIGNUP_MESSAGES } from '../../../shared/newsletter-signup-rules';
import { LOOKS_LIKE_EMAIL, signupFailure } from '../features/newsletter/lib/signup';
import { apiPost } from './lib/api';
import type { Island } from './lib/island';

const MAIL_CHECK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="tabler-icon tabler-icon-mail-check" aria-hidden="true"><path d="M11 19h-6a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v6"></path><path d="M3 7l9 6l9 -6"></path><path d="M15 19l2 2l4 -4"></path></svg>';

/** Mantine's Button while it waits (its loader over the label), and back. */
function loading(button: HTMLButtonElement, on: boolean) {
  button.disabled = on;
  button.classList.toggle('mantine-active', !on);
  button.toggleAttribute('data-loading', on);
  button.querySelector('.mantine-Button-label')?.toggleAttribute('data-loading', on);
  if (on) {
    const loader = document.createElement('span');
    loader.className = 'm_a25b86ee mantine-Button-loader';
    loader.setAttribute('aria-hidden', 'true');
    loader.style.transform = 'translate(-50%, -50%)';
    loader.innerHTML = '<span style="--loader-size:calc(var(--button-height) / 1.8);--loader-color:var(--button-color)" class="m_b34414df m_5ae2e3c mantine-Loader-root"></span>';
    button.prepend(loader);
  } else {
    button.querySelector('.mantine-Button-loader')?.remove();
  }
}

/** POST /newsletter/signup: the status (0 without an answer) and the server's message, if any. */
async function signup(body: object): Promise<{ status: number; message?: string }> {
  try {
    const response = await apiPost('/newsletter/signup', body);
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    return { status: response.status, message: data?.message };
  } catch {
    return { status: 0 };
  }
}

const newsletterIsland: Island = (box) => {
  const form = box.querySelector<HTMLFormElement>('form.newsletter-box-form');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !input || !button) return; // the signed-in "already subscribed" line: nothing to do
  const source = box.dataset.source;
  const errorId = input.id.replace(/-email$/, '-error');
  let sending = false;

  const setError = (message: string | null) => {
    form.querySelector('.newsletter-box-error')?.remove();
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', errorId);
    const alert = document.createElement('p');
    alert.className = 'newsletter-box-error';
    alert.id = errorId;
    alert.setAttribute('role', 'alert');
    alert.textContent = message;
    form.querySelector('.newsletter-box-row')?.after(alert);
  };

  input.addEventListener('input', () => setError(null));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const email = input.value.trim();
    if (!LOOKS_LIKE_EMAIL.test(email)) {
      setError(SIGNUP_MESSAGES.email);
      return;
    }
    sending = true;
    setError(null);
    loading(button, true);
    void signup({ email, source, source_page: location.pathname, consent_version: NEWSLETTER_CONSENT.version }).then(({ status, message }) => {
      sending = false;
      loading(button, false);
      if (status < 200 || status >= 300) {
        setError(signupFailure(status, message));
        return;
      }
      const done = document.createElement('p');
      done.className = 'newsletter-box-done';
      done.setAttribute('role', 'status');
      done.innerHTML = `${MAIL_CHECK}<span></span>`;
      (done.lastElementChild as HTMLElement).textContent = message || SIGNUP_MESSAGES.signupSent;
      form.replaceWith(done);
    });
  });
};

export default newsletterIsland;
