/**
 * One endpoint's requests as a fast-check arbitrary. A request comes from one of the callers (anonymous, guest,
 * customer, admin, or a forged token) and is, in turn: entirely well-formed (seeded ids, schema-valid values), valid
 * but for one field (hostile or missing), or hostile all over; its body may be replaced whole (wrong JSON type,
 * malformed JSON, a wrong content type, none, too large), and it may carry extra keys, odd headers, another method or
 * a mangled path. Multipart forms get garbage, truncated and oversized files and broken framing.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { signAccessToken } from '../../../server/modules/auth/access-token';
import { webhookSignature } from '../helpers/payments';
import type { FuzzTarget } from './fuzz-targets';
import type { CallerName, FuzzWorld } from './fuzz-world';
import { callerNames } from './fuzz-world';
import { extraKeys, forgedAuthorizations, malformedJsonBodies, oddHeaders, wrongContentTypes } from './hostile-values';
import { knownValues } from './known-values';
import { filesArbitrary, framingArbitrary, multipartPayload } from './multipart-bodies';
import type { Framing } from './multipart-bodies';
import { pathParameterNames } from './route-inputs';
import type { RouteInputs } from './route-inputs';
import { asText, hostileValue, MISSING, objectOf, toJson, validValue } from './schema-arbitraries';
import type { JsonSchema, KnownByName } from './schema-arbitraries';

export interface FuzzRequest {
  /** Who sent it: a caller's name, or `forged` for an authorization header that is no valid token of a live caller. */
  caller: CallerName | 'forged';
  options: InjectOptions & { method: string; url: string };
}

type Part = 'params' | 'query' | 'body' | 'form' | 'cookie';

interface Field {
  part: Part;
  name: string;
  schema: JsonSchema;
  required: boolean;
}

const refreshTokenSchema: JsonSchema = { type: 'string', minLength: 16, maxLength: 256 };

/** Razorpay's webhook event, as payments.service.ts reads it. */
const webhookEventSchema: JsonSchema = {
  type: 'object',
  properties: {
    event: { enum: ['payment.captured', 'order.paid', 'payment.failed'] },
    payload: {
      type: 'object',
      properties: {
        payment: {
          type: 'object',
          properties: {
            entity: {
              type: 'object',
              properties: { id: { type: 'string', pattern: '^pay_[A-Za-z0-9]{14}$' }, order_id: { type: 'string' } },
              required: ['id', 'order_id'],
            },
          },
          required: ['entity'],
        },
        order: { type: 'object', properties: { entity: { type: 'object', properties: { id: { type: 'string' } } } } },
      },
    },
  },
  required: ['event', 'payload'],
};

function fieldsOf(target: FuzzTarget, inputs: RouteInputs): Field[] {
  const fields: Field[] = [];
  const add = (part: Part, schema: JsonSchema | undefined) => {
    const required = new Set(schema?.required ?? []);
    for (const [name, property] of Object.entries(schema?.properties ?? {})) fields.push({ part, name, schema: property, required: required.has(name) });
  };
  add('params', inputs.params);
  add('query', inputs.query);
  add('body', target.credentials === 'webhookSignature' ? webhookEventSchema : inputs.body);
  add('form', inputs.formFields);
  if (target.credentials === 'refreshToken') fields.push({ part: 'cookie', name: 'refreshToken', schema: refreshTokenSchema, required: false });
  return fields;
}

/**
 * Values for every field, in the order of `fields` (MISSING leaves a field out): all valid, with every optional field
 * (forms whose rule needs them all) or some (bodies that take one of two); valid but for one field; or hostile all over.
 */
function fieldValues(fields: readonly Field[], known: KnownByName): fc.Arbitrary<unknown[]> {
  if (fields.length === 0) return fc.constant([]);
  const valid = (field: Field) => validValue(field.schema, known[field.name], known);
  const maybe = (field: Field) => (field.required ? valid(field) : fc.oneof(valid(field), fc.constant(MISSING)));
  const broken = (field: Field) =>
    fc.oneof({ weight: 4, arbitrary: hostileValue(field.schema, known[field.name]) }, { weight: 1, arbitrary: fc.constant<unknown>(MISSING) });
  const complete = fc.tuple(...fields.map(valid));
  const partial = fc.tuple(...fields.map(maybe));
  const oneField = fc
    .tuple(fc.oneof(complete, partial), fc.nat({ max: fields.length - 1 }))
    .chain(([values, i]) => broken(fields[i]!).map((value) => values.map((v, j) => (j === i ? value : v))));
  const chaos = fc.tuple(...fields.map((field) => fc.oneof(maybe(field), broken(field))));
  return fc.oneof(
    { weight: 2, arbitrary: complete },
    { weight: 2, arbitrary: partial },
    { weight: 5, arbitrary: oneField },
    { weight: 2, arbitrary: chaos },
  );
}

export function requestArbitrary(world: FuzzWorld, target: FuzzTarget, inputs: RouteInputs): fc.Arbitrary<FuzzRequest> {
  if (target.path === '/' || target.path === '/*') return pageAndUnknownRouteRequests(world);
  const fields = fieldsOf(target, inputs);
  const forged = forgedAuthorizationsOf(world);
  const byCaller = (caller: CallerName | 'forged'): fc.Arbitrary<FuzzRequest> => {
    const known = knownValues(world, target, caller === 'forged' ? 'anonymous' : caller);
    return fc
      .record({
        values: fieldValues(fields, known),
        authorization: caller === 'forged' ? fc.constantFrom(...forged) : fc.constant(undefined),
        body: bodyVariant(target),
        files: target.form ? filesArbitrary(world, target.form.maxFileBytes) : fc.constant([]),
        framing: target.form ? framingArbitrary : fc.constant<Framing>('ok'),
        signature: target.credentials === 'webhookSignature' ? signatureArbitrary : fc.constant(undefined),
        extraBodyKeys: target.method !== 'GET' && !target.form ? extraBodyKeysArbitrary : fc.constant(null),
        extraQuery: fc.option(fc.array(fc.tuple(fc.constantFrom('id', 'x', '__proto__', 'email', ''), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 3 }), { freq: 6 }),
        headers: fc.option(fc.constantFrom(...oddHeaders), { freq: 5 }),
        method: methodVariant(target),
        pathVariant: fc.oneof({ weight: 30, arbitrary: fc.constant('asIs') }, { weight: 1, arbitrary: fc.constantFrom('trailingSlash', 'upperCase') }),
        credentialIn: fc.constantFrom('cookie', 'header'),
      })
      .map((plan): FuzzRequest => {
        const byPart = (part: Part) => fields.flatMap((field, i) => (field.part === part ? [[field.name, plan.values[i]] as const] : []));
        const headers: Record<string, string> = { ...(caller === 'forged' ? { authorization: plan.authorization! } : world.headers[caller]), ...(plan.headers ?? {}) };
        // Header values travel as bytes: text beyond ASCII goes percent-encoded, as a browser would send a cookie.
        const credentials = byPart('cookie').flatMap(([name, value]) => (value === MISSING ? [] : [[name, encodeText(asText(value))] as const]));
        for (const [name, value] of credentials) {
          // The refresh and logout routes also take the token from a header (SPEC.md §7 Session): sometimes send it there.
          if (plan.credentialIn === 'header') headers[target.path.endsWith('/logout') ? 'refreshtoken' : 'authorization'] = value;
          else headers.cookie = [headers.cookie, `${name}=${value}`].filter(Boolean).join('; ');
        }
        const options: FuzzRequest['options'] = {
          method: plan.method,
          url: `${mangle(fillPath(target.path, byPart('params')), plan.pathVariant)}${queryString([...byPart('query'), ...(plan.extraQuery ?? [])])}`,
          headers,
        };
        if (target.form) {
          Object.assign(options, multipartPayload(byPart('form'), plan.files, plan.framing));
        } else if (target.method !== 'GET') {
          const object = objectOf([...byPart('body'), ...(plan.extraBodyKeys ?? [])]);
          Object.assign(options, jsonPayload(object, plan.body));
          if (target.credentials === 'webhookSignature') signWebhook(world, options, plan.signature);
        }
        options.headers = { ...options.headers, ...headers };
        return described({ caller, options });
      });
  };
  // The caller the route is for most often; every other caller, and forged tokens, still have their share.
  return fc.oneof(
    ...callerNames.map((caller) => ({ weight: caller === target.servedTo ? 24 : 8, arbitrary: byCaller(caller) })),
    { weight: 3, arbitrary: byCaller('forged') },
  );
}

/** Keys no schema names (prototype keys among them): a body must be read the same with or without them. */
const extraBodyKeysArbitrary = fc.option(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...extraKeys), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 1 })), { minLength: 1, maxLength: 3 }),
  { freq: 5 },
);

// ---- Callers ------------------------------------------------------------------------------------------------------

/**
 * Tokens that must make a caller anonymous or be refused: malformed, wrongly signed, expired, or of a user or guest
 * session that no longer exists. (A token the server signed names only ids it made itself, so no hostile subjects.)
 */
function forgedAuthorizationsOf(world: FuzzWorld): string[] {
  const secret = world.app.config.jwtSecret;
  const admin = { kind: 'user', sub: world.admin.externalId, role: 'admin' } as const;
  return [
    ...forgedAuthorizations,
    signAccessToken(admin, 'a-secret-that-is-not-the-servers-00000000'),
    signAccessToken(admin, secret, Date.now() - 16 * 60 * 1000),
    `Bearer ${signAccessToken({ kind: 'user', sub: 'no-such-user', role: 'customer' }, secret)}`,
    signAccessToken({ kind: 'user', sub: 'no-such-admin', role: 'admin' }, secret),
    signAccessToken({ kind: 'guest', sub: 'AAAAAAAAAAAAAAAAAAAAAAAA' }, secret),
  ];
}

// ---- Path, query and method -----------------------------------------------------------------------------------------

function fillPath(path: string, params: readonly (readonly [string, unknown])[]): string {
  const values = new Map(params);
  return pathParameterNames(path).reduce((filled, name) => {
    const value = values.get(name);
    return filled.replace(`:${name}`, value === MISSING || value === undefined ? '' : encodeText(asText(value)));
  }, path);
}

function mangle(path: string, variant: string): string {
  if (variant === 'trailingSlash') return `${path}/`;
  if (variant === 'upperCase') return path.toUpperCase();
  return path;
}

function queryString(entries: readonly (readonly [string, unknown])[]): string {
  const pairs: string[] = [];
  for (const [key, value] of entries) {
    if (value === MISSING) continue;
    for (const one of Array.isArray(value) && value.length > 0 ? value : [value]) {
      pairs.push(`${encodeText(key)}=${encodeText(asText(one))}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form (encodeURIComponent throws): it goes out as the
 * bytes a careless encoder writes for it (invalid UTF-8), which the server must survive too.
 */
function encodeText(text: string): string {
  return text
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((piece) => (piece.length === 1 && /[\uD800-\uDFFF]/.test(piece) ? wtf8(piece.charCodeAt(0)) : encodeURIComponent(piece)))
    .join('');
}

const wtf8 = (unit: number) =>
  [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');

function methodVariant(target: FuzzTarget): fc.Arbitrary<string> {
  const alternatives = target.method === 'GET' ? ['HEAD', 'POST', 'DELETE'] : ['GET', 'PUT', 'PATCH'];
  return fc.oneof({ weight: 20, arbitrary: fc.constant(target.method) }, { weight: 1, arbitrary: fc.constantFrom(...alternatives) });
}

// ---- JSON bodies ----------------------------------------------------------------------------------------------------

type BodyVariant =
  | { kind: 'object' }
  | { kind: 'wrongShape'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'contentType'; contentType: string }
  | { kind: 'none' };

/** Just over the 1 MiB body limit. */
const oversizedBody = `{"message":"${'x'.repeat(1024 * 1024 + 16)}"}`;

function bodyVariant(target: FuzzTarget): fc.Arbitrary<BodyVariant> {
  if (target.method === 'GET' || target.form) return fc.constant({ kind: 'object' });
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant<BodyVariant>({ kind: 'object' }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 'text', 42, true, [{}]).map((value): BodyVariant => ({ kind: 'wrongShape', value })) },
    { weight: 2, arbitrary: fc.constantFrom<string>(...malformedJsonBodies, oversizedBody).map((text): BodyVariant => ({ kind: 'raw', text })) },
    { weight: 1, arbitrary: fc.constantFrom(...wrongContentTypes).map((contentType): BodyVariant => ({ kind: 'contentType', contentType })) },
    { weight: 1, arbitrary: fc.constant<BodyVariant>({ kind: 'none' }) },
  );
}

function jsonPayload(object: Record<string, unknown>, variant: BodyVariant): Partial<InjectOptions> {
  const json = { 'content-type': 'application/json' };
  switch (variant.kind) {
    case 'object':
      return { headers: json, payload: toJson(object) };
    case 'wrongShape':
      return { headers: json, payload: toJson(variant.value) };
    case 'raw':
      return { headers: json, payload: variant.text };
    case 'contentType':
      return { headers: { 'content-type': variant.contentType }, payload: toJson(object) };
    case 'none':
      return {};
  }
}

// ---- The webhook's signature ------------------------------------------------------------------------------------------

const signatureArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string | undefined>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<string | undefined>(undefined, '', 'ab', 'not-hex', 'f'.repeat(64), 'F'.repeat(64), '0'.repeat(1000)) },
);

/** Signs the body as the provider does (HMAC-SHA256 hex of the raw bytes) when the plan says `valid`. */
function signWebhook(world: FuzzWorld, options: InjectOptions, signature: string | undefined): void {
  if (signature === undefined) return;
  const body = typeof options.payload === 'string' ? options.payload : '';
  const value = signature === 'valid' ? webhookSignature(world.app, body) : signature;
  options.headers = { ...options.headers, 'x-razorpay-signature': value };
}

// ---- Pages, and paths and methods the app has no route for ---------------------------------------------------------------

function pageAndUnknownRouteRequests(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(
    fc.constantFrom('no-such-route', '..', '%2e%2e', 'etc/passwd', '..%2f..%2fetc%2fpasswd', 'docs/../../admin', '%00', '%E0%A4%A', '🌸', 'x'.repeat(2000)),
    fc.string({ maxLength: 12 }).map(encodeText),
  );
  return fc
    .record({
      caller: fc.constantFrom(...callerNames),
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      prefix: fc.constantFrom(
        '/api/',
        '/api/user/',
        '/api/payment/',
        '/static/js/',
        '/dev/',
        '/api/docs/../',
        // Catalogue pages, which the server looks up to embed their data (server/modules/catalog/catalog-page.ts).
        '/',
        '/category/',
        '/category/Everlasting%20Dry%20Flowers/',
        '/flower/',
        '/HOME/',
      ),
      segment,
      asPage: fc.boolean(),
      body: fc.option(fc.constantFrom(...malformedJsonBodies.slice(0, 6), '{"a":1}'), { freq: 3 }),
    })
    .map(({ caller, method, prefix, segment: rest, body, asPage }) => {
      const withBody = body !== null && method !== 'GET' && method !== 'HEAD';
      const accept = asPage ? { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } : {};
      return described({
        caller,
        options: {
          method,
          url: `${prefix}${rest}`,
          headers: { ...world.headers[caller], ...accept, ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: body } : {}),
        },
      });
    });
}

/** Gives fast-check's counterexample report a short description instead of the whole request (bodies can be megabytes). */
function described(request: FuzzRequest): FuzzRequest {
  return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
}

/** Who sent what, with long URLs, headers and bodies clipped. */
export function describeRequest(request: FuzzRequest): string {
  const { method, url, headers, payload } = request.options;
  const body = payload === undefined ? '' : Buffer.isBuffer(payload) ? `<${payload.length} bytes>` : String(payload);
  const clip = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text);
  return `${request.caller}: ${method} ${clip(url)} headers=${clip(JSON.stringify(headers))} body=${clip(body)}`;
}
