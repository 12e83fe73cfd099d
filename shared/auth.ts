// Sign-up, sign-in and profile rules (spec section 5), shared by the browser forms and the API.
import { z } from 'zod';

export const LIMITS = {
  emailMax: 255,
  passwordMin: 8,
  passwordMax: 100,
  fullNameMin: 2,
  fullNameMax: 100,
  bioMax: 500,
} as const;

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
  fullName: z
    .string({ error: 'Nome deve ter pelo menos 2 caracteres' })
    .trim()
    .min(LIMITS.fullNameMin, 'Nome deve ter pelo menos 2 caracteres')
    .max(LIMITS.fullNameMax, 'Nome muito longo'),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória'),
});
export type SignInInput = z.input<typeof signInSchema>;

const optionalUrl = z
  .string()
  .trim()
  .max(2000, 'URL muito longa')
  .refine((value) => value === '' || URL.canParse(value), 'URL inválida')
  .refine((value) => value === '' || /^https?:/i.test(value), 'URL inválida');

export const profileSchema = z.object({
  full_name: z
    .string({ error: 'Nome é obrigatório' })
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(LIMITS.fullNameMax, 'Nome muito longo'),
  avatar_url: optionalUrl.default(''),
  bio: z.string().trim().max(LIMITS.bioMax, 'Bio deve ter no máximo 500 caracteres').default(''),
  payment_account: z.string().trim().max(200, 'Conta de pagamento muito longa').default(''),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** The first message of a failed parse: the spec shows only the first error, as a toast. */
export function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return { message: issue?.message ?? 'Dados inválidos', field: typeof field === 'string' ? field : undefined };
}
