// Author applications (spec 2 "Author application", 3 author_applications, 5 "Author application"):
// the form's rules with the spec's pt-BR messages, shared by /apply-author and the API, plus what the
// issue adds — the applicant's name (the approved account's profile needs one), a real CPF, and the
// LGPD consent, stored with the text version the applicant saw.
import { z } from 'zod';
import { webUrl } from './url-rules';
import { pageCursor, plainText } from './text-fields';

export const APPLICATION_MESSAGES = {
  submitError: 'Não foi possível enviar a candidatura.',
  cpfLength: 'CPF deve ter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  consent: 'É preciso autorizar o uso dos seus dados para enviar a candidatura.',
  pendingEmail: 'Já existe uma candidatura pendente para este e-mail.',
  pendingCpf: 'Já existe uma candidatura pendente para este CPF.',
  rateLimited: 'Muitas candidaturas enviadas deste endereço. Tente novamente mais tarde.',
  personRateLimited: 'Muitas candidaturas seguidas com estes dados. Tente novamente mais tarde.',
  notFound: 'Candidatura não encontrada.',
  alreadyDecided: 'Esta candidatura já foi decidida.',
  accessDenied: 'Acesso Negado: Você não tem permissão para acessar esta área.',
} as const;

/** The consent the applicant gives, stored with its version: change the text, bump the version. */
export const APPLICATION_CONSENT_VERSION = '2026-11-v1';
export const APPLICATION_CONSENT_TEXT =
  'Autorizo o Portal Plural a tratar meus dados pessoais (CPF, endereço, telefone e os demais dados deste formulário) ' +
  'para avaliar minha candidatura a autor e, se aprovada, criar meu acesso, conforme a LGPD (Lei 13.709/2018).';

/** The 11 digits of a CPF typed with or without its mask ('123.456.789-09'). */
export const cpfDigits = (value: string): string => value.replace(/[.\-\s]/g, '');

/** True for a CPF whose two check digits are right and whose digits are not all the same. */
export function isValidCpf(value: string): boolean {
  const digits = cpfDigits(value);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  for (const length of [9, 10]) {
    const sum = numbers.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const check = ((sum * 10) % 11) % 10;
    if (check !== numbers[length]) return false;
  }
  return true;
}

/** '***.***.789-09': enough to tell two applicants apart in a list, not enough to use. */
export const maskCpf = (digits: string): string => `***.***.${digits.slice(6, 9)}-${digits.slice(9, 11)}`;

/** '(**) *****-4321': the last four digits only. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? `(**) *****-${digits.slice(-4)}` : '****';
};

const optionalText = (max: number, tooLong: string) =>
  plainText({ max, tooLong })
    .nullish()
    .transform((value) => (value ? value : null));

const email = z
  .string({ error: 'Email inválido' })
  .trim()
  .max(255, 'Email muito longo')
  .pipe(z.email('Email inválido'))
  .transform((value) => value.toLowerCase());

export const applicationSchema = z.object({
  full_name: plainText({ min: 2, tooShort: 'Nome deve ter pelo menos 2 caracteres', max: 100, tooLong: 'Nome muito longo' }),
  email,
  cpf: z
    .string({ error: APPLICATION_MESSAGES.cpfLength })
    .trim()
    .min(11, APPLICATION_MESSAGES.cpfLength)
    .max(14, 'CPF muito longo')
    .refine(isValidCpf, APPLICATION_MESSAGES.cpfInvalid)
    .transform(cpfDigits),
  address: plainText({ min: 10, tooShort: 'Endereço muito curto', max: 300, tooLong: 'Endereço muito longo' }),
  phone: plainText({ min: 10, tooShort: 'Telefone inválido', max: 20, tooLong: 'Telefone inválido' }).refine(
    (value) => /^[\d\s()+-]+$/.test(value) && value.replace(/\D/g, '').length >= 10,
    'Telefone inválido',
  ),
  social_media: z
    .object({
      facebook: optionalText(200, 'Link muito longo'),
      instagram: optionalText(200, 'Link muito longo'),
      twitter: optionalText(200, 'Link muito longo'),
      linkedin: optionalText(200, 'Link muito longo'),
    })
    .default({ facebook: null, instagram: null, twitter: null, linkedin: null }),
  website: z
    .string({ error: 'URL inválida' })
    .trim()
    .max(2000, 'URL inválida')
    .nullish()
    .transform((value, context) => {
      if (!value) return null;
      const url = webUrl(value);
      if (url === undefined) context.issues.push({ code: 'custom', message: 'URL inválida', input: value });
      return url ?? z.NEVER;
    }),
  professional_registration: optionalText(100, 'Registro muito longo'),
  experience_years: plainText({ min: 1, tooShort: 'Campo obrigatório', max: 50, tooLong: 'Campo muito longo' }),
  previous_outlets: plainText({ min: 10, tooShort: 'Descreva sua experiência', max: 2000, tooLong: 'Texto muito longo' }),
  media_experience: z
    .object({ writing: z.boolean().default(false), audio: z.boolean().default(false), video: z.boolean().default(false) })
    .default({ writing: false, audio: false, video: false }),
  expectations: plainText({ min: 20, tooShort: 'Descreva suas expectativas', max: 2000, tooLong: 'Texto muito longo' }),
  consent: z.literal(true, { error: APPLICATION_MESSAGES.consent }),
});
export type AuthorApplicationInput = z.input<typeof applicationSchema>;
export type ApplicationSubmission = z.output<typeof applicationSchema>;

export const rejectionSchema = z.object({
  reason: plainText({ max: 1000, tooLong: 'Motivo muito longo' })
    .nullish()
    .transform((value) => (value ? value : null)),
});

export const applicationListQuerySchema = z.object({ cursor: pageCursor() });

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

/** A row of the admin list: the CPF and the phone masked, no address. */
export interface ApplicationSummary {
  id: string;
  full_name: string;
  email: string;
  cpf: string;
  phone: string;
  status: ApplicationStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  rejection_reason: string | null;
}

/** The detail a master opens: everything the applicant sent. */
export interface AuthorApplication extends ApplicationSummary {
  address: string;
  social_media: { facebook: string | null; instagram: string | null; twitter: string | null; linkedin: string | null };
  website: string | null;
  professional_registration: string | null;
  experience_years: string;
  previous_outlets: string;
  media_experience: { writing: boolean; audio: boolean; video: boolean };
  expectations: string;
  consent_at: string;
  consent_version: string;
}
