import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { codeFailure, signInFailure } from '../../web/src/auth/failures';

describe('Cognito refusals, in pt-BR', () => {
  it('words a wrong password, an unknown user, a throttle and the sign-in firewall', () => {
    expect(signInFailure('NotAuthorizedException')).toBe(MESSAGES.invalidCredentials);
    // The same words for an unknown e-mail: the form does not tell which accounts exist.
    expect(signInFailure('UserNotFoundException')).toBe(MESSAGES.invalidCredentials);
    expect(signInFailure('TooManyRequestsException')).toBe('Muitas tentativas. Aguarde alguns instantes e tente novamente.');
    // Cognito's answer when the user pool's web ACL blocks the address.
    expect(signInFailure('ForbiddenException')).toBe('Muitas tentativas de login a partir desta rede. Aguarde alguns minutos e tente novamente.');
    expect(signInFailure('SomethingNew')).toBe('Não foi possível fazer login. Tente novamente.');
  });

  it('words a refused code, the firewall too, and falls back to the step’s own message', () => {
    expect(codeFailure('CodeMismatchException', 'x')).toBe('Código inválido. Confira o código no aplicativo autenticador e tente novamente.');
    expect(codeFailure('EnableSoftwareTokenMFAException', 'x')).toBe(codeFailure('CodeMismatchException', 'y'));
    expect(codeFailure('ExpiredCodeException', 'x')).toBe('O tempo para digitar o código acabou. Entre de novo com email e senha.');
    expect(codeFailure('ForbiddenException', 'x')).toBe(signInFailure('ForbiddenException'));
    expect(codeFailure('SomethingNew', 'Não foi possível confirmar o código. Tente novamente.')).toBe('Não foi possível confirmar o código. Tente novamente.');
  });
});
