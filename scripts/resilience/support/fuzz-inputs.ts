import fc from 'fast-check';

/**
 * Hostile input, shared by every route and socket property: strings and values shaped like the
 * attacks and mistakes real clients send (NoSQL operators, prototype keys, markup, traversal,
 * NULs, odd unicode, wrong types, huge sizes, deep nesting).
 */

/** Strings that have bitten other servers: operators, prototype keys, markup, traversal, encodings. */
export const INJECTION_STRINGS = [
  '$where',
  '$gt',
  '{"$gt": ""}',
  '{"$ne": null}',
  'this.isAdmin == true || sleep(1000)',
  '__proto__',
  'constructor',
  'prototype',
  'constructor.prototype',
  '__proto__.isAdmin',
  "<script>alert('x')</script>",
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  'a\u0000b',
  '%E0%A4%A',
  "' OR '1'='1",
  '${7*7}{{7*7}}',
  '\u202Egnp.exe',
  'Z̵̡̛̪͈a̷̧͎l̶̨̛g̴̢͇o̸̢͝',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uFEFF\u200B\u00A0',
  '\uD800',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '',
  ' ',
] as const;

export const injectionString = fc.constantFrom(...INJECTION_STRINGS);

/** Sizes around and far beyond the limits: 64 chars (ids), 4 KB, 300 KB (over the body limit), 1.1 MB. */
export const hugeString = fc
  .tuple(fc.constantFrom(65, 4_001, 10_001, 300_000, 1_100_000), fc.constantFrom('a', '$', '<', '💥', '0'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const anyString = fc.oneof(
  { weight: 3, arbitrary: injectionString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString },
);

/**
 * JSON values that cannot be written as JS literals: own `__proto__` keys (a literal would set
 * the prototype instead), operator objects, `constructor.prototype` chains.
 */
export const POISON_JSON = [
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  '{"$gt": ""}',
  '{"$ne": null}',
  '{"$where": "this.isAdmin"}',
  '{"$in": ["a", "b"]}',
  '{"$regex": ".*"}',
  '{"$exists": true}',
  '{"prototype": {"isAdmin": true}}',
] as const;

export const poisonValue = fc.constantFrom(...POISON_JSON).map((text) => JSON.parse(text) as unknown);

/** Nesting far deeper than any real payload, as arrays or objects (deeper still: `deepJsonText`). */
export const deepValue = fc.tuple(fc.constantFrom(50, 500, 1_000), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
});

export const hugeArray = fc
  .constantFrom(1_000, 50_000)
  .map((length) => Array.from({ length }, (_, i) => `x${i}`));

/** Any JSON-serialisable value of the wrong kind for most fields. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 3, arbitrary: poisonValue },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
    ),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(anyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: hugeArray },
);

/** Keys a body should never honour. */
export const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$set',
  'isAdmin',
  'userId',
  '_id',
  'creatorId',
  'a.b',
);

/** encodeURIComponent, except that a lone surrogate becomes raw invalid UTF-8 instead of throwing. */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `%ED%A0%80${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
}

/**
 * A path segment: ids that are huge, traversal, NULs, unicode, operators; encoded the way a
 * browser would, or raw the way a hand-written client would.
 */
export const nastySegment = fc.oneof(
  { weight: 3, arbitrary: anyString.map((s) => percentEncoded(s.slice(0, 20_000)) || '%20') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '..%2F..%2Fetc%2Fpasswd',
      '..',
      '.',
      '%00',
      'abc%00def',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '$where',
      '$gt',
      '__proto__',
      'constructor',
      'prototype',
      'x'.repeat(65),
      'x'.repeat(5_000),
      '1',
      '-1',
      '0',
      'null',
      'a b',
      '00000000-0000-4000-8000-000000000000',
    ),
  },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) },
);

/** Authorization headers of every wrong form. Header values must stay Latin-1: Node refuses others. */
export const badAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer',
    'Basic dXNlcjpwYXNz',
    'Token abc',
    'Bearer a b',
    'Bearer {"$gt":""}',
    'Bearer __proto__',
    'Bearer constructor',
    'Bearer null',
    'Bearer undefined',
    `Bearer ${'A'.repeat(8_000)}`,
    `Bearer ${'A'.repeat(100)}`,
    'Bearer%20abc',
    'Bearer\tabc',
    'Bearer ../../etc/passwd',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `Bearer ${s.replace(/[\r\n]/g, '')}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, '')),
);

/** Content types a JSON route may be sent by mistake or on purpose. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/jsonx',
  'image/png',
  '',
);

/** Text that is not JSON, sent as JSON. */
export const notJsonText = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    "{'a': 1}",
    '[1,2,',
    'undefined',
    'NaN',
    '{"a": NaN}',
    '{"a": Infinity}',
    '\u0000',
    '<xml/>',
    '{"__proto__": {"isAdmin": true}, "__proto__": {}}',
    '{"a": 1} trailing',
    '\uFEFF{"a": 1}',
  ),
  fc.string({ maxLength: 60 }).filter((s) => !isJson(s)),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON text nested 10 000 to 200 000 levels, written as text: building it as a value would
 * overflow this process's own stack before the server ever saw it.
 */
export const deepJsonText = fc
  .tuple(fc.constantFrom(10_000, 200_000), fc.boolean())
  .map(([depth, asArray]) =>
    asArray ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );
