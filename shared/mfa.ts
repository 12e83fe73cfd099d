// Two-step verification (TOTP) for the newsroom: the API refuses staff routes to a staff member
// whose account has no verified authenticator app, with this code and message; the web app
// recognises the code and points to /settings.
export const MFA_REQUIRED_CODE = 'MFA_REQUIRED';

export const MFA_MESSAGES = {
  required: 'Ative a verificação em duas etapas em Configurações para usar as ferramentas da redação.',
  checkFailed: 'Não foi possível confirmar a verificação em duas etapas. Tente novamente.',
} as const;

/** A six-digit code from an authenticator app (spaces a person may type are ignored by the forms). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** The issuer shown in the authenticator app beside the account. */
export const TOTP_ISSUER = 'Portal Plural';

