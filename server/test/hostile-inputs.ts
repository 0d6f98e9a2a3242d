import fc from 'fast-check';

/**
 * Requests generated from a route's zod schemas, mixed with what an attacker sends: NUL and other
 * control characters, ids past the database's integer, negative and non-finite numbers,
 * prototype keys, very long strings, wrong types, arrays for objects.
 */

/** The part of a zod 4 schema definition the generator reads. */
interface Def {
  type: string;
  /** A string's format: 'datetime' for z.iso.datetime(). */
  format?: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  innerType?: { _zod: { def: Def } };
  options?: Array<{ _zod: { def: Def } }>;
  element?: { _zod: { def: Def } };
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: { _zod: { def: Def } };
  getter?: () => { _zod: { def: Def } };
  items?: Array<{ _zod: { def: Def } }>;
}

/** Stands for a JSON number that JSON.stringify cannot write (1e309, which JSON.parse reads as Infinity). */
export const HUGE_NUMBER_TOKEN = '__tenet_huge_number__';

export const hostileStrings = [
  '\u0000',
  'name\u0000with nul',
  'bell\u0007',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "'; drop table pnps; --",
  'x'.repeat(20_000),
  '',
  '   ',
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  '\uD800',
];

export const hostileNumbers: unknown[] = [
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  1.5,
  HUGE_NUMBER_TOKEN,
  -2_147_483_649,
];

/** What a date-and-time field (z.iso.datetime) holds in a plausible request: well inside every range. */
export const PLAUSIBLE_INSTANT = '2026-01-31T12:00:00Z';

/**
 * Instants the format accepts at the ends of what a date can write. JavaScript reads each one, but
 * in UTC the first two fall in year 0 and the last in year 10000, which PostgreSQL does not store.
 */
export const CALENDAR_END_INSTANTS = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-23:59'];

const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...hostileStrings),
    fc.constantFrom(...hostileNumbers),
    fc.constantFrom(null, true, [], {}, [1, 2], { __proto__: null }, { constructor: { prototype: { polluted: 1 } } }),
  );

const defOf = (schema: unknown): Def | null =>
  schema && typeof schema === 'object' && '_zod' in schema ? (schema as { _zod: { def: Def } })._zod.def : null;

/** A value shaped by the schema, where any part may be replaced by a hostile one. */
export function arbitraryFor(schema: unknown, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const id = fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 1, max: 60 }));
  if (!def || depth > 6) return hostileValue();
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const entries = Object.entries(def.shape ?? {}).map(
          ([key, value]) => [key, arbitraryFor(value, ids, depth + 1)] as const,
        );
        return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
      }
      case 'string':
        return def.format === 'datetime'
          ? fc.constantFrom(PLAUSIBLE_INSTANT, ...CALENDAR_END_INSTANTS)
          : fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('2026-01-31', 'true', 'view', 'User'));
      case 'number':
        return fc.oneof(id, fc.integer({ min: -5, max: 5 }));
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, ids, depth + 1)));
      case 'array':
        return fc.array(arbitraryFor(def.element, ids, depth + 1), { maxLength: 3 });
      case 'tuple':
        return fc.tuple(...(def.items ?? []).map((item) => arbitraryFor(item, ids, depth + 1)));
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return arbitraryFor(def.innerType, ids, depth + 1);
      case 'pipe':
        return arbitraryFor(def.in, ids, depth + 1);
      case 'lazy':
        return def.getter ? arbitraryFor(def.getter(), ids, depth + 1) : hostileValue();
      default:
        return hostileValue();
    }
  })();
  return fc.oneof({ arbitrary: shaped, weight: 3 }, { arbitrary: hostileValue(), weight: 1 });
}

/** JSON text of a generated body, with the huge-number token written as the number 1e309. */
export const toJson = (value: unknown): string =>
  JSON.stringify(value)?.split(`"${HUGE_NUMBER_TOKEN}"`).join('1e309') ?? 'null';

/** A query string from a generated object: arrays become repeated keys, everything else text. */
export function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values)
      params.append(key, v === HUGE_NUMBER_TOKEN ? '1e309' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

/** A path parameter: a real id of the organisation, or something that is not one. */
export const pathParam = (ids: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ids.map(String)), weight: 3 },
    {
      arbitrary: fc.constantFrom('2147483648', '-1', '0', '1e309', '%00', 'abc', '1.5', '__proto__', '9'.repeat(40)),
      weight: 1,
    },
  );

/**
 * A path parameter of the route's params schema: one of its values when it is an enum (an OIDC
 * provider key), or something that is not; otherwise as `pathParam`.
 */
export function pathParamFor(paramsSchema: unknown, name: string, ids: number[]): fc.Arbitrary<string> {
  const values = enumValuesOf(paramsSchema, name);
  if (values.length === 0) return pathParam(ids);
  return fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: pathParam(ids), weight: 1 });
}

/** A path parameter of a plausible request: an enum's first value, else the first real id. */
export function plausiblePathParam(paramsSchema: unknown, name: string, ids: number[]): string {
  return enumValuesOf(paramsSchema, name)[0] ?? String(ids[0] ?? 1);
}

/** The values of the path parameter `name` when its schema is an enum, else none. */
function enumValuesOf(paramsSchema: unknown, name: string): string[] {
  const param = defOf(defOf(paramsSchema)?.shape?.[name]);
  return param?.type === 'enum' ? Object.values(param.entries ?? {}).map(String) : [];
}

/** Raw bodies no schema describes: malformed multipart and JSON that tries prototype pollution. */
export const rawBodies: Array<{ contentType: string; body: string }> = [
  { contentType: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n' },
  {
    contentType: 'multipart/form-data; boundary=cut',
    body: '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.docx"\r\n\r\nPK',
  },
  {
    contentType: 'application/json',
    body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  },
  { contentType: 'application/json', body: '[1,2,3]' },
  { contentType: 'application/json', body: '{"id":1e309,"pnp_id":-1}' },
];

/** A plausible value for the schema (first option, a real id for numbers), to carry one hostile field. */
export function baseValue(schema: unknown, ids: number[], depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 6) return undefined;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, value]) => [key, baseValue(value, ids, depth + 1)] as const),
      );
    case 'string':
      return def.format === 'datetime' ? PLAUSIBLE_INSTANT : 'Probe text';
    case 'number':
      return ids[0] ?? 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return baseValue(def.options?.[0], ids, depth + 1);
    case 'array':
      return [baseValue(def.element, ids, depth + 1)];
    case 'tuple':
      return (def.items ?? []).map((item) => baseValue(item, ids, depth + 1));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return baseValue(def.innerType, ids, depth + 1);
    case 'pipe':
      return baseValue(def.in, ids, depth + 1);
    case 'lazy':
      return def.getter ? baseValue(def.getter(), ids, depth + 1) : undefined;
    default:
      return undefined;
  }
}

/** What each kind of leaf is replaced with, one at a time, in an otherwise plausible value. */
const LEAF_ATTACKS: Record<'string' | 'instant' | 'number', unknown[]> = {
  // The last day a 'yyyy-mm-dd' can write: the day after it is in year 10000, which date arithmetic
  // in JavaScript writes as '+010000-01-01' and PostgreSQL does not read.
  string: ['Probe\u0000text', '9999-12-31'],
  // A date-and-time field is refused anything else by its format: only instants get past it.
  instant: CALENDAR_END_INSTANTS,
  number: [2_147_483_648, HUGE_NUMBER_TOKEN],
};

/**
 * Copies of the plausible value with exactly one leaf made hostile: a gap in one field's schema
 * then reaches the code behind it instead of being hidden by the refusal of another field.
 */
export function oneHostileLeaf(schema: unknown, ids: number[]): unknown[] {
  const base = baseValue(schema, ids);
  const variants: unknown[] = [];
  const walk = (value: unknown, set: (v: unknown) => unknown, depth: number): void => {
    if (depth > 6) return;
    // A date-and-time field's plausible value is PLAUSIBLE_INSTANT (baseValue), and no other field's.
    if (typeof value === 'string')
      for (const attack of value === PLAUSIBLE_INSTANT ? LEAF_ATTACKS.instant : LEAF_ATTACKS.string)
        variants.push(set(attack));
    else if (typeof value === 'number') for (const attack of LEAF_ATTACKS.number) variants.push(set(attack));
    else if (Array.isArray(value)) {
      const items = value as unknown[];
      items.forEach((item, index) => walk(item, (v) => set(items.map((old, i) => (i === index ? v : old))), depth + 1));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        walk(item, (v) => set({ ...(value as Record<string, unknown>), [key]: v }), depth + 1);
      }
    }
  };
  walk(base, (v) => v, 0);
  return variants;
}

/**
 * A query's text fields one at a time, alone, at the ends of the calendar that 'yyyy-mm-dd' can
 * write: any other field at a plausible value ('Probe text') would be refused first and hide what a
 * date field's code does with them.
 */
export function calendarEndsAlone(schema: unknown, ids: number[]): unknown[] {
  const base = baseValue(schema, ids);
  if (!base || typeof base !== 'object' || Array.isArray(base)) return [];
  return Object.entries(base).flatMap(([key, value]) =>
    typeof value === 'string' ? ['9999-12-31', '0001-01-01'].map((day) => ({ [key]: day })) : [],
  );
}
