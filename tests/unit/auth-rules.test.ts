import { describe, expect, it } from 'vitest';
import { firstIssue, PASSWORD_HINT, PASSWORD_PLACEHOLDER, profileSchema, signInSchema, signUpSchema } from '../../shared/auth';

const valid = { email: 'ana@exemplo.com', password: 'Senha123', fullName: 'Ana Souza' };
const messageOf = (input: unknown) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? undefined : firstIssue(result.error).message;
};

describe('sign-up rules', () => {
  it('accepts a valid sign-up and trims and lower-cases the e-mail', () => {
    expect(signUpSchema.parse({ ...valid, email: '  Ana@Exemplo.COM ', fullName: ' Ana Souza ' })).toEqual({
      email: 'ana@exemplo.com',
      password: 'Senha123',
      fullName: 'Ana Souza',
    });
  });
  it('rejects an invalid e-mail', () => expect(messageOf({ ...valid, email: 'ana@' })).toBe('Email inválido'));
  it('rejects an e-mail over 255 characters', () =>
    expect(messageOf({ ...valid, email: `${'a'.repeat(250)}@x.com` })).toBe('Email muito longo'));
  it('requires 8 characters, not the 6 of the placeholder', () =>
    expect(messageOf({ ...valid, password: 'Abc123' })).toBe('Senha deve ter pelo menos 8 caracteres'));
  it('rejects a password over 100 characters', () =>
    expect(messageOf({ ...valid, password: `A1${'a'.repeat(99)}` })).toBe('Senha muito longa'));
  it('requires an upper-case letter', () =>
    expect(messageOf({ ...valid, password: 'senha123' })).toBe('Senha deve conter pelo menos uma letra maiúscula'));
  it('requires a digit', () => expect(messageOf({ ...valid, password: 'SenhaForte' })).toBe('Senha deve conter pelo menos um número'));
  it('tells the rule in the placeholder and the hint: 8 to 100 characters, a capital and a digit', () => {
    expect(PASSWORD_PLACEHOLDER).toBe('Mínimo 8 caracteres');
    expect(PASSWORD_HINT).toBe('De 8 a 100 caracteres, com pelo menos uma letra maiúscula e um número.');
    // What the placeholder asks for, no more, is accepted.
    expect(messageOf({ ...valid, password: 'Abcdefg1' })).toBeUndefined();
  });
  it('requires a name of 2 characters after trimming', () =>
    expect(messageOf({ ...valid, fullName: '  A  ' })).toBe('Nome deve ter pelo menos 2 caracteres'));
  it('rejects a name over 100 characters', () => expect(messageOf({ ...valid, fullName: 'A'.repeat(101) })).toBe('Nome muito longo'));
  it('reports the first error in the order of the form: e-mail, password, name', () =>
    expect(messageOf({ email: 'x', password: 'x', fullName: 'x' })).toBe('Email inválido'));
  it('rejects missing fields with the field message, not a type error', () => expect(messageOf({})).toBe('Email inválido'));
});

describe('sign-in rules', () => {
  it('requires the password', () => {
    const result = signInSchema.safeParse({ email: 'ana@exemplo.com', password: '' });
    expect(result.success || firstIssue(result.error).message).toBe('Senha é obrigatória');
  });
  it('requires a valid e-mail', () => {
    const result = signInSchema.safeParse({ email: 'ana', password: 'x' });
    expect(result.success || firstIssue(result.error).message).toBe('Email inválido');
  });
});

describe('profile rules', () => {
  it('requires the full name', () => {
    const result = profileSchema.safeParse({ full_name: '  ' });
    expect(result.success || firstIssue(result.error)).toEqual({ message: 'Nome é obrigatório', field: 'full_name' });
  });
  it('accepts an empty avatar and rejects a non-http URL', () => {
    expect(profileSchema.safeParse({ full_name: 'Ana', avatar_url: '' }).success).toBe(true);
    expect(profileSchema.safeParse({ full_name: 'Ana', avatar_url: 'javascript:alert(1)' }).success).toBe(false);
  });
  it('limits the bio to 500 characters', () => {
    expect(profileSchema.safeParse({ full_name: 'Ana', bio: 'x'.repeat(500) }).success).toBe(true);
    expect(profileSchema.safeParse({ full_name: 'Ana', bio: 'x'.repeat(501) }).success).toBe(false);
  });
});
