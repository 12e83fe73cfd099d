// Every refusal a route's schema can give is in Portuguese: each body and query schema of every
// contract is fed wrong types, missing fields, too long texts and values outside its options, and no
// message may be one of zod's English ones (its own map is replaced once, at the edge's import).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONTEXTS } from '../../lambdas/contexts';
import type { RouteSpec } from '../../lambdas/platform/contract';
import '../../lambdas/platform/http';
import { brazilianMessage } from '../../shared/zod-pt-br';

/** Words of zod's English messages ('Invalid input: expected string, received number', 'Too big: …', 'Required'). */
const ENGLISH = /\b(expected|received|invalid|too big|too small|required|must|unrecognized|characters|input|string|number|option)\b/i;

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; valueType?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

const LONG = 'x'.repeat(100_000);
/** Values that are wrong for almost any field: other types, nothing, too long, outside any list of options. */
const WRONG = [undefined, null, 12345, -1.5, true, 'zz-nao-existe', '', LONG, [], {}, ['x'], { x: 1 }];

/** Values to try at a schema's place: the generic wrong ones, and, inside objects and lists, a wrong value in each part. */
function badValues(schema: z.ZodType, depth = 0): unknown[] {
  const def = defOf(schema);
  if (depth > 4) return WRONG;
  switch (def.type) {
    case 'object':
      return [
        ...WRONG,
        ...Object.entries(def.shape ?? {}).flatMap(([key, field]) => badValues(field, depth + 1).map((value) => ({ [key]: value }))),
      ];
    case 'array':
      return [...WRONG, ...badValues(def.element!, depth + 1).map((value) => [value])];
    case 'record':
      return [...WRONG, ...badValues(def.valueType!, depth + 1).map((value) => ({ chave: value }))];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return badValues(def.innerType!, depth);
    case 'pipe':
      return badValues(def.in!, depth);
    case 'union':
      return [...WRONG, ...(def.options ?? []).flatMap((option) => badValues(option, depth + 1))];
    default:
      return WRONG;
  }
}

const schemas = CONTEXTS.flatMap((context) =>
  Object.entries(context.routes as Record<string, RouteSpec>).flatMap(([key, spec]) => [
    ...(spec.body ? [[`${key} (corpo)`, spec.body] as const] : []),
    ...(spec.query ? [[`${key} (query)`, spec.query] as const] : []),
  ]),
);

describe('refusals in Portuguese', () => {
  it('walks a schema for every route that takes a body or a query', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(50);
  });

  it.each(schemas)('%s answers every wrong value in Portuguese', (_name, schema) => {
    const english = new Set<string>();
    let refused = 0;
    for (const value of badValues(schema)) {
      const result = schema.safeParse(value);
      if (result.success) continue;
      refused += 1;
      for (const issue of result.error.issues) if (ENGLISH.test(issue.message)) english.add(issue.message);
    }
    expect(refused).toBeGreaterThan(0);
    expect([...english]).toEqual([]);
  });

  it('words the issues the map knows in Portuguese (the detector itself catches English)', () => {
    expect(ENGLISH.test('Too big: expected string to have <=64 characters')).toBe(true);
    expect(ENGLISH.test('Invalid input: expected string, received undefined')).toBe(true);
    const message = brazilianMessage({ code: 'too_big', origin: 'string', maximum: 64, inclusive: true, input: LONG, path: [] } as never);
    expect(message).toBe('Longo demais: no máximo 64 caracteres.');
    expect(ENGLISH.test(String(message))).toBe(false);
  });
});
