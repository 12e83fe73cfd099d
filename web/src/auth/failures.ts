// Cognito's refusals of a sign-in, worded in pt-BR by the error's name (Amplify passes Cognito's
// exception name through). Kept apart from client.ts so that the wording is tested without Amplify.
import { MESSAGES } from '../../../shared/messages';

const TOO_MANY = 'Muitas tentativas. Aguarde alguns instantes e tente novamente.';
/** The sign-in firewall (infra/constructs/sign-in-firewall.ts) blocks an address for a few minutes: Cognito answers ForbiddenException. */
const BLOCKED_NETWORK = 'Muitas tentativas de login a partir desta rede. Aguarde alguns minutos e tente novamente.';
const NO_CONNECTION = 'Não foi possível conectar ao servidor. Verifique sua conexão.';
const WRONG_CODE = 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.';

/** Refusals of any step: throttled, blocked at the firewall, or no connection. */
function anyStep(name: string): string | undefined {
  switch (name) {
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return TOO_MANY;
    case 'ForbiddenException':
      return BLOCKED_NETWORK;
    case 'NetworkError':
      return NO_CONNECTION;
    default:
      return undefined;
  }
}

/** Why e-mail and password were refused. */
export function signInFailure(name: string): string {
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return MESSAGES.invalidCredentials;
    case 'UserNotConfirmedException':
      return 'Sua conta ainda não foi confirmada.';
    case 'PasswordResetRequiredException':
      return 'É necessário redefinir sua senha.';
    default:
      return anyStep(name) ?? 'Não foi possível fazer login. Tente novamente.';
  }
}

/** Why a six-digit code was refused (Cognito names a wrong code in two ways, by call). */
export function codeFailure(name: string, fallback: string): string {
  switch (name) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return WRONG_CODE;
    case 'NotAuthorizedException':
    case 'ExpiredCodeException':
      return 'O tempo para digitar o código acabou. Entre de novo com email e senha.';
    default:
      return anyStep(name) ?? fallback;
  }
}
