// Sign-up, sign-in and profile rules (spec section 5), shared by the browser forms and the API.
import { z } from 'zod';
import { plainText, urlField } from './text-fields';

export const LIMITS = {
  emailMax: 255,
  passwordMin: 8,
  passwordMax: 100,
  fullNameMin: 2,
  fullNameMax: 100,
  bioMax: 500,
} as const;

/**
 * The sign-up form's password placeholder and the line under the field. The spec's 'Mínimo 6
 * caracteres' contradicts its own rule (8 to 100, with a capital and a digit): they tell the rule the
 * API enforces (the placeholder short enough for a phone's field, the rest below it).
 */
export const PASSWORD_PLACEHOLDER = `Mínimo ${LIMITS.passwordMin} caracteres`;
export const PASSWORD_HINT = `De ${LIMITS.passwordMin} a ${LIMITS.passwordMax} caracteres, com pelo menos uma letra maiúscula e um número.`;

const email = z
  .string({ error: 'Email inválido' })
  .trim()
  .max(LIMITS.emailMax, 'Email muito longo')
  .pipe(z.email('Email inválido'))
  .transform((value) => value.toLowerCase());

export const signUpSchema = z.object({
  email,
  password: z
    .string({ error: 'Senha deve ter pelo menos 8 caracteres' })
    .min(LIMITS.passwordMin, 'Senha deve ter pelo menos 8 caracteres')
    .max(LIMITS.passwordMax, 'Senha muito longa')
    .regex(/[A-Z]/, 'Senha deve conter pelo menos uma letra maiúscula')
    .regex(/[0-9]/, 'Senha deve conter pelo menos um número'),
  fullName: plainText({
    min: LIMITS.fullNameMin,
    tooShort: 'Nome deve ter pelo menos 2 caracteres',
    max: LIMITS.fullNameMax,
    tooLong: 'Nome muito longo',
  }),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória'),
});
export type SignInInput = z.input<typeof signInSchema>;

const profileFields = {
  full_name: plainText({ min: 1, tooShort: 'Nome é obrigatório', max: LIMITS.fullNameMax, tooLong: 'Nome muito longo' }),
  avatar_url: urlField(),
  bio: plainText({ max: LIMITS.bioMax, tooLong: 'Bio deve ter no máximo 500 caracteres' }),
  payment_account: plainText({ max: 200, tooLong: 'Conta de pagamento muito longa' }),
};

/** The settings form: every field, the optional ones empty by default. */
export const profileSchema = z.object({
  ...profileFields,
  avatar_url: profileFields.avatar_url.default(''),
  bio: profileFields.bio.default(''),
  payment_account: profileFields.payment_account.default(''),
});
/** An update changes only the fields it sends. */
export const profileUpdateSchema = z.object(profileFields).partial();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

/** The first message of a failed parse: the spec shows only the first error, as a toast. */
export function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return { message: issue?.message ?? 'Dados inválidos', field: typeof field === 'string' ? field : undefined };
}
