import { ResultCode, type Pagination } from '@atrium/shared';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Every route declares the answer it sends on success (docs/api-conventions.md#response-schemas):
// /api/docs documents it and Fastify serialises through it. Serialising through a zod object drops
// every key the schema does not name, so a schema that forgets a field would silently delete it
// from the wire. Under test the serializer refuses such answers instead, naming the missing keys.

/** `{ code: 200, msg }`: the success envelope of a call that returns nothing. */
export const okReply = z.object({ code: z.literal(ResultCode.ok), msg: z.string() });

/** `{ code: 200, msg, data }`: the success envelope around `data`. */
export const okData = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(ResultCode.ok), msg: z.string(), data });

/** The success envelope of a route, keyed by HTTP status as Fastify expects `schema.response`. */
export const replies = <T extends z.ZodType>(data?: T) => ({ 200: data ? okData(data) : okReply });

export const paginationSchema = z.object({
  currentPage: z.number(),
  pageSize: z.number(),
  total: z.number(),
}) satisfies z.ZodType<Pagination>;

/** `{ list, pagination }`: one page of a paged list. */
export const pageOfSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), pagination: paginationSchema });

/** `{ list }`: a list without paging. */
export const listOfSchema = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item) });

/** Ids are strings on the wire; times are epoch milliseconds (null where not set). */
export const idText = z.string();
export const epochMs = z.number();

/**
 * The answer of a route that is not JSON (a file, an image, a redirect), for the documentation
 * only: such routes send a Buffer, a stream or a ready string, which Fastify never serialises
 * (the schema is typed unknown so that reply.send takes any of them).
 */
export const fileReply = (description: string, ...contentTypes: string[]) => ({
  200: {
    description,
    content: Object.fromEntries(
      contentTypes.map((type) => [type, { schema: z.unknown().meta({ type: 'string', format: 'binary' }) }] as const),
    ),
  },
});

/**
 * Routes of the OpenAPI document that declare no response schema, each with the reason. The route
 * walk in response-schemas.test.ts accepts these and nothing else. (The websocket upgrade is not in
 * the document at all: its frames are described in packages/shared/src/socket.ts.)
 */
export const RESPONSE_SCHEMA_EXEMPT: Readonly<Record<string, string>> = {};

/** Whether answers are checked for keys their schema does not describe (under test). */
export const strictResponses = () => process.env.NODE_ENV === 'test' || process.env.ATRIUM_STRICT_RESPONSES === '1';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Paths (`data.list[0].name`) present in what the route returned but absent from what the schema
 * kept: the keys serialisation would silently drop. Keys whose value is undefined are skipped,
 * as JSON leaves them out anyway.
 */
export function droppedKeys(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((item, i) => droppedKeys(item, kept[i], `${at}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    const path = at ? `${at}.${key}` : key;
    if (!Object.hasOwn(kept, key)) dropped.push(path);
    else dropped.push(...droppedKeys(value, kept[key], path));
  }
  return dropped;
}

function resolveSchema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * The serializer of every response schema: zod encodes the answer, JSON.stringify writes it.
 * Under test an answer carrying a key the schema does not name fails (HTTP 500 and a line on
 * stderr naming the route and the keys), so the suites that exercise the routes find every gap.
 */
export function responseSerializerCompiler(strict = strictResponses()): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = resolveSchema(schema);
    return (data) => {
      const result = z.safeEncode(zodSchema, data);
      if (!result.success) {
        if (strict) console.error(`response of ${method} ${url} does not fit its schema: ${result.error.message}`);
        throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      if (strict) {
        const dropped = droppedKeys(data, result.data);
        if (dropped.length > 0) {
          const message = `response of ${method} ${url} has keys its schema does not describe: ${dropped.slice(0, 20).join(', ')}`;
          console.error(message);
          throw new Error(message);
        }
      }
      return JSON.stringify(result.data);
    };
  };
}

/** True when each of A and B is assignable to the other: the same wire shape. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Ties a response schema to the wire type of @atrium/shared that the web app reads:
 * `wireSchema<LoginResult>()(z.object(...))` does not compile when the two disagree, so the
 * schema and the shared type cannot drift apart.
 */
export const wireSchema =
  <T>() =>
  <S extends z.ZodType>(schema: S & (SameShape<z.output<S>, T> extends true ? unknown : { mismatch: T })): S =>
    schema;

/**
 * A record as a route with column or form grants answers it (`config.fields`, core/field-grants.ts):
 * any declared field the caller may not see is left out, so every field but the id is optional.
 */
export const withGrantedFields = <S extends z.ZodObject<{ id: z.ZodString }>>(record: S) =>
  record.partial().required({ id: true });
