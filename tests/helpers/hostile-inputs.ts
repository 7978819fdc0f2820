import type { z } from 'zod';

/**
 * A deterministic table of hostile inputs, and a walker that builds a plausible request from a
 * contract's zod schema so that one field at a time can be replaced by each of them. The staff fuzz
 * of every contract (tests/api/contract-fuzz.test.ts) is built on these: no random seed, so a
 * failure names the same request on every run.
 */

/** Text a form or a URL could carry: money, days, numbers and ids that are not what they look like. */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  'x'.repeat(5000),
  'a\u0000b',
  '\u0001\u001b[31m\u007f\u0085',
  '1.005',
  '1e21',
  'NaN',
  'Infinity',
  '-1',
  '99999999.99',
  '100000000',
  '-99999999.99',
  '0x10',
  '0000-01-01',
  '9999-12-31',
  '2100-12-31',
  '2026-02-30',
  '+275760-09-13',
  '2026-11-26T25:00:00Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u{1F697}'.repeat(300),
];

/** JSON values of every other type, and numbers at the edges of what a column or a float holds. */
export const HOSTILE_JSON: readonly unknown[] = [
  ...HOSTILE_TEXT.filter((v) => !['../../etc/passwd', '%00', '+275760-09-13', 'Infinity'].includes(v)),
  1e21,
  1.005,
  99_999_999.99,
  -99_999_999.99,
  Number.MAX_SAFE_INTEGER,
  -1,
  1.5,
  true,
  null,
  [],
  {},
];

/** Marks a field left out of the request (a missing field), distinct from null. */
export const MISSING = Symbol('missing');

type Def = { type: string } & Record<string, unknown>;
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Values a well-meaning client would send for a field, by its name, tried before the generic ones. */
function hintsFor(key: string, ids: Record<string, string>): unknown[] {
  const k = key.toLowerCase();
  const hints: unknown[] = [];
  if (ids[key]) hints.push(ids[key]);
  if (/date|day|from|to$/.test(k)) hints.push('2026-12-01');
  // A moment (paidAt): a day or an ISO instant, whichever the field takes.
  if (/At$/.test(key)) hints.push('2026-12-01', '2026-12-01T02:00:00.000Z');
  if (/email/.test(k)) hints.push('sam.taylor@example.com');
  if (/phone/.test(k)) hints.push('0412 345 678');
  if (/postcode/.test(k)) hints.push('6027');
  if (/suburb/.test(k)) hints.push('Joondalup');
  if (/year/.test(k)) hints.push('2018', 2018);
  if (/slot/.test(k)) hints.push('10-12 AM');
  if (/time$/.test(k)) hints.push('16:00');
  if (/password/.test(k)) hints.push('correct-horse-42');
  if (/username|name/.test(k)) hints.push('Sam Taylor');
  if (/amount|price|value|cost|total|gst|subtotal/.test(k)) hints.push('10.00');
  if (/registration/.test(k)) hints.push('1ABC234');
  if (k === 'size') hints.push('205/55R16');
  if (k === 'dotcode') hints.push('0125');
  if (k === 'location') hints.push('van-1');
  if (/expiry/.test(k)) hints.push('12/30');
  if (/cvc/.test(k)) hints.push('123');
  if (k === 'code') hints.push('123456');
  if (/cardnumber/.test(k)) hints.push('4242424242424242');
  if (/discount/.test(k)) hints.push('0.00');
  if (/abn/.test(k)) hints.push('51 824 753 556');
  if (/bsb/.test(k)) hints.push('066-000');
  if (/url/.test(k)) hints.push('https://example.com/review');
  return hints;
}

const GENERIC: readonly unknown[] = [
  'Sam Taylor',
  '12 Example Street',
  '2026-12-01',
  '10.00',
  1,
  4,
  '1',
  true,
  false,
  null,
];

/** Candidate values of a schema, most specific first: its enum members, literals, nested objects. */
function candidates(schema: z.ZodType, key: string, ids: Record<string, string>, depth: number): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return candidates(def.innerType as z.ZodType, key, ids, depth);
    case 'pipe':
      return [
        ...candidates(def.in as z.ZodType, key, ids, depth),
        ...candidates(def.out as z.ZodType, key, ids, depth),
      ];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => candidates(o, key, ids, depth));
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>);
    case 'literal':
      return [...(def.values as unknown[])];
    case 'object':
      return depth > 3 ? [{}] : [plausibleObject(schema as z.ZodObject, ids, depth + 1)];
    case 'array':
      return depth > 3 ? [[]] : [[plausibleValue(def.element as z.ZodType, key, ids, depth + 1)], []];
    default:
      return [...hintsFor(key, ids), ...GENERIC];
  }
}

/** A value the schema accepts for this field, or the first candidate when none is accepted. */
export function plausibleValue(schema: z.ZodType, key: string, ids: Record<string, string>, depth = 0): unknown {
  const all = [...hintsFor(key, ids), ...candidates(schema, key, ids, depth)];
  return all.find((v) => schema.safeParse(v).success) ?? all[0];
}

/** The object shape behind refinements and transforms, when there is one. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return (schema as z.ZodObject).shape as Record<string, z.ZodType>;
  if (def.type === 'pipe') return objectShape(def.in as z.ZodType);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
    return objectShape(def.innerType as z.ZodType);
  return undefined;
}

/** A whole object built field by field from plausible values. */
export function plausibleObject(schema: z.ZodType, ids: Record<string, string>, depth = 0): Record<string, unknown> {
  const shape = objectShape(schema) ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const v = plausibleValue(field, key, ids, depth);
    if (v !== undefined) out[key] = v;
  }
  // Fields that exclude each other ("a percentage or an amount"): leave out an optional one when that makes the whole acceptable.
  if (!schema.safeParse(out).success) {
    for (const key of Object.keys(out)) {
      const { [key]: _left, ...fewer } = out;
      if (shape[key]!.safeParse(undefined).success && schema.safeParse(fewer).success) return fewer;
    }
  }
  return out;
}

export type FieldPath = (string | number)[];

/** Every field path of a plausible body: top-level fields, nested objects' fields and the first element of arrays. */
export function fieldPaths(value: unknown, prefix: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) return value.length ? [[...prefix, 0], ...fieldPaths(value[0], [...prefix, 0])] : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
  }
  return [];
}

/** A deep copy of `base` with the value at `path` replaced (or removed, for MISSING). */
export function withField(base: unknown, path: FieldPath, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === MISSING) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}
