// The sign-up box's part of the newsletter's rules (the consent and the box's messages), in a module of
// its own so the public pages' newsletter island does not carry the master's labels and messages.
// shared/newsletter-rules.ts re-exports it all (NEWSLETTER_MESSAGES holds these messages too).

export const NEWSLETTER_CONSENT = {
  version: '2026-11-26',
  text: 'Quero receber a newsletter do Portal Plural por e-mail. Posso cancelar quando quiser, pelo link em cada edição.',
} as const;

export const SIGNUP_MESSAGES = {
  email: 'Informe um e-mail válido',
  signupSent: 'Quase lá! Enviamos um e-mail para você confirmar a inscrição.',
  signupError: 'Não foi possível fazer a inscrição. Tente novamente.',
  tooManySignups: 'Muitas inscrições seguidas. Tente novamente mais tarde.',
} as const;
