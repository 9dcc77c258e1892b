import { randomBytes } from 'node:crypto';
import type { RouteContract } from '@rampart/contracts';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries drawn from the contracts: requests shaped like the ones a route accepts,
 * so that the fuzz gets past validation into services and the database, mixed with what an
 * attacker sends instead (hostile strings, wrong types, broken bodies).
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
};

/** Strings that have broken servers: control characters, encodings, injections, sizes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '%E0%A4%A',
    '%',
    '\uD800',
    '\uFFFF',
    '\u202E',
    "' OR 1=1 --",
    '"; drop table account; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '{{7*7}}',
    '${7*7}',
    '__proto__',
    'constructor',
    '',
    ' ',
    'null',
    'NaN',
    '-1',
    '1e309',
    '9'.repeat(40),
    'a'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Any JSON value, for a field that receives the wrong type. */
const anyJson = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>;

const withHostile = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: anyJson },
  );

const stringOf = (schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<string> => {
  if (schema.format === 'uuid') return ids;
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern fast-check cannot walk: plain strings, then.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  return fc.string({ minLength, maxLength });
};

/** An arbitrary for one JSON schema node, valid most of the time. */
export const arbitraryOf = (
  schema: JsonSchema,
  ids: fc.Arbitrary<string>,
  depth = 0,
): fc.Arbitrary<unknown> => {
  if (depth > 6) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0)
    return fc.oneof(...union.map((option) => arbitraryOf(option, ids, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(schema.allOf[0]!, ids, depth + 1);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, ids, depth + 1)));
  switch (schema.type) {
    case 'string':
      return withHostile(stringOf(schema, ids));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
      const low = Math.max(min, -1_000_000_000);
      const high = Math.min(max, 1_000_000_000);
      const valid =
        schema.type === 'integer'
          ? fc.integer({ min: Math.ceil(low), max: Math.floor(Math.max(low, high)) })
          : fc.double({ min: low, max: Math.max(low, high), noNaN: true });
      return fc.oneof(
        { weight: 12, arbitrary: valid },
        { weight: 1, arbitrary: fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1.5) },
        { weight: 1, arbitrary: anyJson },
      );
    }
    case 'boolean':
      return withHostile(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 6));
      return withHostile(
        fc.array(arbitraryOf(schema.items ?? {}, ids, depth + 1), { minLength, maxLength }),
      );
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) {
        if (typeof schema.additionalProperties === 'object')
          return fc.dictionary(
            fc.string({ maxLength: 12 }),
            arbitraryOf(schema.additionalProperties, ids, depth + 1),
            { maxKeys: 4 },
          );
        return withHostile(fc.constant({}));
      }
      const record = fc.record(
        Object.fromEntries(
          properties.map(([name, property]) => [name, arbitraryOf(property, ids, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => schema.properties?.[key]) },
      );
      return fc.oneof(
        { weight: 12, arbitrary: record },
        // An unknown key, which strict schemas refuse and others must ignore.
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.oneof(hostileString, fc.string({ maxLength: 8 })), anyJson)
            .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
        },
      );
    }
    default:
      return anyJson;
  }
};

const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
};

/** The names of a multipart body's file parts (objects read as `{filename, mimetype, data}`). */
export const filePartsOf = (contract: RouteContract): string[] => {
  if (contract.consumes !== 'multipart/form-data' || !contract.body) return [];
  const properties = jsonSchemaOf(contract.body).properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'object' && property.properties?.data)
    .map(([name]) => name);
};

/** Path parameters: a real id most of the time, else something else. */
export const paramsOf = (contract: RouteContract, ids: fc.Arbitrary<string>) => {
  const names = [...contract.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const valueOf = contract.params ? (jsonSchemaOf(contract.params).properties ?? {}) : {};
  return fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          { weight: 10, arbitrary: valueOf[name] ? stringOf(valueOf[name], ids) : ids },
          { weight: 1, arbitrary: hostileString },
          { weight: 1, arbitrary: fc.constant('x'.repeat(300)) },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
};

/** A query: the contract's fields (as strings, as a URL carries them), or random ones. */
export const queryOf = (contract: RouteContract, ids: fc.Arbitrary<string>) => {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const shaped = contract.query
    ? arbitraryOf(jsonSchemaOf(contract.query), ids).map((value) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, text(item)]))
          : { q: text(value) },
      )
    : fc.constant({});
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
    },
  ) as fc.Arbitrary<Record<string, string>>;
};

/** A body value shaped by the contract's schema, or any JSON value when the route has none. */
export const bodyValueOf = (contract: RouteContract, ids: fc.Arbitrary<string>) =>
  contract.body
    ? fc.oneof({ weight: 10, arbitrary: arbitraryOf(jsonSchemaOf(contract.body), ids) }, anyJson)
    : fc.oneof(fc.constant(undefined), anyJson);

export interface EncodedBody {
  payload?: Buffer | string;
  headers: Record<string, string>;
}

/** A multipart body of `fields`, with file parts of random bytes, possibly broken on purpose. */
const multipartOf = (
  fields: Record<string, unknown>,
  files: { name: string; filename: string; contentType: string; data: Uint8Array }[],
  breakage: 'none' | 'no-boundary' | 'other-boundary' | 'truncated',
  cut: number,
): EncodedBody => {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(text),
      Buffer.from('\r\n'),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (breakage === 'no-boundary') contentType = 'multipart/form-data';
  if (breakage === 'other-boundary') contentType = 'multipart/form-data; boundary=elsewhere';
  if (breakage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cut));
  return { payload, headers: { 'content-type': contentType } };
};

const fileOf = (name: string) =>
  fc.record({
    name: fc.constant(name),
    filename: fc.oneof(
      fc.constantFrom('logo.png', 'pack.zip', 'players.csv', 'notes.txt', '.hidden', 'a b.pdf'),
      hostileString.map((text) => text.replace(/["\r\n]/g, '')),
    ),
    contentType: fc.constantFrom(
      'image/png',
      'image/jpeg',
      'application/zip',
      'text/csv',
      'text/plain',
      'application/octet-stream',
    ),
    data: fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      // The start of real formats, so parsers go further than their magic number.
      fc.constantFrom(
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]),
        new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
        new TextEncoder().encode('username,pseudo,locale\nalice,Alice,en\n"bob,Bob\n'),
      ),
    ),
  });

/**
 * The body of a request to `contract`, encoded as the route reads it (JSON or multipart), or as
 * it does not: another content type, broken JSON, a broken multipart body.
 */
export const encodedBodyOf = (
  contract: RouteContract,
  ids: fc.Arbitrary<string>,
  options: { methodOverride: boolean },
): fc.Arbitrary<EncodedBody> => {
  const value = bodyValueOf(contract, ids);
  const multipart = options.methodOverride || contract.consumes === 'multipart/form-data';
  const fileNames = filePartsOf(contract);
  const asMultipart = fc
    .record({
      value,
      files: fc.subarray(fileNames).chain((names) => fc.tuple(...names.map(fileOf))),
      breakage: fc.oneof(
        { weight: 8, arbitrary: fc.constant('none' as const) },
        { weight: 1, arbitrary: fc.constantFrom('no-boundary', 'other-boundary', 'truncated') },
      ),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant('PUT') },
        { weight: 1, arbitrary: hostileString },
      ),
    })
    .map(({ value: fields, files, breakage, cut, method }) => {
      const record: Record<string, unknown> =
        fields !== null && typeof fields === 'object' && !Array.isArray(fields)
          ? { ...(fields as Record<string, unknown>) }
          : { value: fields };
      for (const name of fileNames) delete record[name];
      if (options.methodOverride) record._method = method;
      return multipartOf(record, files, breakage, cut);
    });
  const asJson = value.map((body): EncodedBody =>
    body === undefined
      ? { headers: {} }
      : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
  );
  const broken = fc.oneof(
    fc.tuple(value, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, cut]): EncodedBody => {
      const text = JSON.stringify(body ?? {});
      return {
        payload: text.slice(0, Math.floor(text.length * cut)),
        headers: { 'content-type': 'application/json' },
      };
    }),
    fc
      .tuple(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'application/xml',
          'multipart/form-data',
          'multipart/mixed; boundary=x',
          '',
          'application/json, text/plain',
        ),
      )
      .map(([payload, type]): EncodedBody => ({
        payload,
        headers: type === '' ? {} : { 'content-type': type },
      })),
  );
  return fc.oneof(
    { weight: 10, arbitrary: multipart ? asMultipart : asJson },
    { weight: 2, arbitrary: broken },
  );
};
