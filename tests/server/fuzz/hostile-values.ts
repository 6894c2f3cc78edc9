/**
 * The fuzz run's hostile inputs: strings, numbers and shapes that break careless servers (injection-shaped text,
 * unicode edge cases, NUL, lone surrogates, numbers beyond every column, prototype keys), and JSON tokens that
 * JSON.stringify cannot write (`1e400`, `-0`), sent raw through `RawJson`.
 */

/** A JSON token written into the body as it is (see `toJson`), for numbers JSON.stringify would change or refuse. */
export class RawJson {
  constructor(readonly text: string) {}
}

export const injectionStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' AND pg_sleep(0) IS NULL --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '{"$gt":""}',
  '{"$ne":null}',
  '__proto__',
  'constructor',
  'prototype',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '\r\nSet-Cookie: admin=1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
] as const;

export const unicodeStrings = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  'asha\u0000@example.in',
  '\uD800',
  'x\uDFFFy',
  '\uD83D',
  '🌸💐🌹',
  '👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  '\u202Eevil\u202C',
  'e\u0301\u0301\u0301\u0301',
  'Z̷̡̛̤a̵l̶g̸o̵',
  '\uFEFFbom',
  'zero\u200Bwidth',
  'ｆｕｌｌ＠ｗｉｄｔｈ．ｃｏｍ',
  'İSTANBUL',
  'ß',
  '\u00A0',
  '\u2028\u2029',
  '١٢٣٤٥٦',
  '１２３４５６７８９０',
  '\x7F\x1B[31m',
] as const;

/** Characters no text field has a use for; PostgreSQL cannot even store the first. */
export const controlCharacters = ['\u0000', '\u0001', '\u0008', '\u001B', '\u007F', '\u0085', '\u2028', '\uFFFF'] as const;

/** Numbers in text: what a careless `Number()` or a database cast mishandles. */
export const numericStrings = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '0b1',
  ' 7 ',
  '7abc',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '',
] as const;

export const hostileNumbers: readonly unknown[] = [
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  Number.MIN_VALUE,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('-0'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1.00000000000000000000001'),
];

/** Values of the wrong JSON type for any field. */
export const wrongTypeValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  [],
  {},
  [1, 'two', null],
  { $gt: '' },
  { $where: 'sleep(1)' },
  { nested: { deeper: { deepest: [] } } },
  JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown,
  { constructor: { prototype: { isAdmin: true } } },
];

/** Keys a body should never be able to smuggle in (JSON.parse keeps `__proto__` as an own key). */
export const extraKeys = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'id', '$where', 'userId', ' ', ''] as const;

/** Raw request bodies that are not JSON, or JSON no schema expects. */
export const malformedJsonBodies = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '[1,2,',
  '{"a":"\\x41"}',
  '{"a":"\\uD800"}',
  '\uFEFF{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1}{"b":2}',
  'null',
  'true',
  '42',
  '"text"',
  '[]',
  '[{}]',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
] as const;

export const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  'garbage',
] as const;

/** Authorization headers that are no valid access token. */
export const forgedAuthorizations = [
  'Bearer',
  'Bearer ',
  'null',
  'undefined',
  'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJraW5kIjoidXNlciIsInN1YiI6ImFkbWluIiwicm9sZSI6ImFkbWluIn0.',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.AAAA',
  'a.b.c',
  '...',
  `${'x'.repeat(3000)}`,
  "' OR 1=1 --",
] as const;

/** Header values a client may send that the server must take in its stride. */
export const oddHeaders: readonly Record<string, string>[] = [
  { 'accept-encoding': 'br;q=1, gzip;q=0.5, *;q=0' },
  { 'accept-encoding': 'identity;q=0' },
  { 'accept-encoding': 'compress, snappy, x-unknown' },
  { 'if-none-match': '*' },
  { 'if-none-match': 'W/"nope", "also-nope"' },
  { 'if-none-match': '"' },
  { accept: 'application/xml' },
  { accept: 'text/html' },
  { cookie: 'refreshToken=%E0%A4%A; other=1' },
  { cookie: 'refreshToken=; refreshToken=x' },
  { 'x-forwarded-for': '127.0.0.1, ::1, not-an-ip' },
  { origin: 'https://evil.example' },
  { range: 'bytes=0-0,5-1' },
  { 'x-razorpay-signature': 'not-hex' },
];
