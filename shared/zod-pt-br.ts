// zod's messages in Brazilian Portuguese, for every schema that gives none of its own (a schema's own
// message always wins: zod asks this map last). Installed once, on import, by each runtime that parses
// user input: the API's edge (lambdas/platform/http.ts) and the browser (web/src/main.tsx). zod ships a
// 'pt' locale, but in European Portuguese and in a programmer's terms ('Demasiado grande: esperava que o
// texto tivesse <= 64 caracteres'); it stays the fallback for the rare issue this map does not word.
import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0];

const UNITS: Record<string, [one: string, many: string]> = {
  string: ['caractere', 'caracteres'],
  array: ['item', 'itens'],
  set: ['item', 'itens'],
  file: ['byte', 'bytes'],
};

const TYPES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'uma lista',
  object: 'um objeto',
  date: 'uma data',
};

const count = (amount: number | bigint, origin: string) => {
  const unit = UNITS[origin];
  if (!unit) return String(amount);
  return `${String(amount)} ${Number(amount) === 1 ? unit[0] : unit[1]}`;
};

const portuguese = z.locales.pt().localeError!;

/** The message for an issue no schema worded. */
export function brazilianMessage(issue: Issue): string | { message: string } | undefined | null {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Campo obrigatório.';
      return TYPES[issue.expected] ? `Valor inválido: informe ${TYPES[issue.expected]}.` : 'Valor inválido.';
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `Valor acima do máximo (${String(issue.maximum)}).`;
      if (issue.origin === 'date') return 'Data além do limite permitido.';
      return `Longo demais: no máximo ${count(issue.maximum, issue.origin)}.`;
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `Valor abaixo do mínimo (${String(issue.minimum)}).`;
      if (issue.origin === 'date') return 'Data antes do limite permitido.';
      if (Number(issue.minimum) <= 1 && issue.origin === 'string') return 'Campo obrigatório.';
      return `Curto demais: no mínimo ${count(issue.minimum, issue.origin)}.`;
    case 'invalid_value':
      return issue.input === undefined ? 'Campo obrigatório.' : 'Opção inválida.';
    case 'invalid_format':
      return issue.format === 'email' ? 'E-mail inválido.' : 'Formato inválido.';
    case 'not_multiple_of':
      return 'Número inválido.';
    case 'unrecognized_keys':
      return `Campo não reconhecido: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'Valor inválido.';
    default:
      return portuguese(issue);
  }
}

z.config({ localeError: brazilianMessage });
