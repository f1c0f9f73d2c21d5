import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusFor } from './core/errors.ts';
import { MAX_PARAM_LENGTH, MAX_URL_LENGTH } from './core/http.ts';
import { createTestServer, dbTargets, type TestServer } from './testing/index.ts';

/*
 * Every route of the generated OpenAPI document (plus any declared route it leaves out) gets hostile
 * input, without a token and with the administrator's: over-long and malformed path parameters and
 * query values, bad JSON, wrong content types, wrong types, NUL and control characters, huge
 * numbers, malformed multipart bodies and an unknown method. Every answer must be the envelope
 * ({code: number, msg: string}, HTTP status mirroring the code) and none may be a 500.
 */

/**
 * Routes whose successful answer is not the envelope by design: stored images, file downloads,
 * exported definitions, the captcha image and the websocket. Their failures are still envelopes.
 */
const PASSTHROUGH: RegExp[] = [
  /^\/api\/file\/Image\//,
  /^\/api\/file\/Annex\//,
  /^\/api\/permission\/Users\/Download\//,
  /^\/api\/permission\/Users\/TemplateDownload$/,
  /\/Actions?\/Export$/,
  /^\/api\/oauth\/ImageCode\//,
  /^\/api\/message\/websocket\//,
];

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: string;
  /** OpenAPI form: /api/x/{id} */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProps: Record<string, string>;
}
interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const typeOf = (schema: JsonSchema | undefined): string =>
  schema?.type ?? (schema?.anyOf ? typeOf(schema.anyOf.find((s) => s.type !== 'null')) : 'unknown');

/** The route list: the OpenAPI document's operations, and declared routes it does not show. */
function routesOf(
  doc: { paths: Record<string, Record<string, Operation>> },
  declared: { method: string; url: string }[],
) {
  const routes: Route[] = [];
  const seen = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, s]) => [k, typeOf(s)])),
      });
      seen.add(`${method.toUpperCase()} ${path}`);
    }
  }
  for (const route of declared) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    if (seen.has(`${route.method} ${path}`)) continue;
    routes.push({
      method: route.method,
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      queryParams: [],
      bodyProps: {},
    });
  }
  return routes;
}

const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');

const PATH_VALUES: Record<string, string> = {
  'beyond the router limit': 'p'.repeat(MAX_PARAM_LENGTH + 100),
  'over-long': 'p'.repeat(200),
  NUL: '%00',
  'control character': '%01',
  'broken percent-encoding': '%E0%A4%A',
  negative: '-1',
  huge: '99999999999999999999',
  quote: "'",
  'encoded slash': '..%2F..%2Fetc',
};

const QUERY_VALUES: Record<string, string> = {
  'not a number': 'abc',
  negative: '-1',
  zero: '0',
  infinite: '1e400',
  'largest safe integer': '9007199254740991',
  huge: '99999999999999999999',
  NUL: '%00',
  'control character': '%01',
  'over-long': 'q'.repeat(1000),
  empty: '',
  percent: '%25',
  quote: "'",
};

/** A value of another type than the declared one. */
const WRONG_TYPE: Record<string, unknown> = {
  string: 12345,
  number: 'abc',
  integer: 1.5,
  boolean: 'yes',
  array: 'not-a-list',
  object: 'not-an-object',
  unknown: { nested: [[]] },
};

const json = (label: string, method: string, url: string, payload: string): Probe => ({
  label,
  method,
  url,
  headers: { 'content-type': 'application/json' },
  payload,
});

const BOUNDARY = 'HostileBoundary';
const multipart = (label: string, method: string, url: string, contentType: string, payload: string): Probe => ({
  label,
  method,
  url,
  headers: { 'content-type': contentType },
  payload,
});

function probesOf(route: Route): Probe[] {
  const { method, path } = route;
  const url = fill(path);
  const probes: Probe[] = [{ label: 'plain', method, url }];

  for (const name of route.pathParams) {
    for (const [label, value] of Object.entries(PATH_VALUES)) {
      probes.push({ label: `path ${name}: ${label}`, method, url: fill(path, { [name]: value }) });
    }
  }

  for (const name of route.queryParams) {
    for (const [label, value] of Object.entries(QUERY_VALUES)) {
      probes.push({ label: `query ${name}: ${label}`, method, url: `${url}?${name}=${value}` });
    }
    probes.push({ label: `query ${name}: repeated`, method, url: `${url}?${name}=a&${name}=b` });
  }
  probes.push({ label: 'over-long URL', method, url: `${url}?junk=${'u'.repeat(MAX_URL_LENGTH + 1000)}` });
  probes.push({ label: 'unknown method', method: 'PATCH', url });

  if (method === 'GET' || method === 'HEAD') return probes;

  const props = Object.keys(route.bodyProps);
  const every = (value: (type: string) => unknown) =>
    JSON.stringify(Object.fromEntries(props.map((p) => [p, value(route.bodyProps[p]!)])));
  probes.push(
    json('bad JSON', method, url, '{"a": '),
    json('empty JSON', method, url, ''),
    json('JSON null', method, url, 'null'),
    json('JSON list', method, url, '[]'),
    json('JSON text', method, url, '"text"'),
    json('JSON number', method, url, '1e400'),
    json('prototype key', method, url, '{"__proto__": {"admin": true}}'),
    json(
      'wrong types',
      method,
      url,
      every((type) => WRONG_TYPE[type] ?? WRONG_TYPE.unknown),
    ),
    json(
      'NUL in every field',
      method,
      url,
      every(() => 'a\u0000b'),
    ),
    json(
      'control characters in every field',
      method,
      url,
      every(() => 'a\u0001\u001fb\u007f'),
    ),
    json(
      'huge numbers',
      method,
      url,
      every(() => 1e308),
    ),
    json(
      'negative huge numbers',
      method,
      url,
      every(() => -1e308),
    ),
    json(
      'over-long text',
      method,
      url,
      every(() => 'x'.repeat(20_000)),
    ),
    json('NUL in a key', method, url, '{"a\\u0000b": 1}'),
    { label: 'wrong content type', method, url, headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
    {
      label: 'broken form',
      method,
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=%ZZ&b=%00&c',
    },
    multipart('multipart without boundary', method, url, 'multipart/form-data', 'garbage'),
    multipart(
      'multipart cut off',
      method,
      url,
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\n\u0089PNG`,
    ),
    multipart(
      'multipart without a file part',
      method,
      url,
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    ),
    multipart('multipart empty', method, url, `multipart/form-data; boundary=${BOUNDARY}`, ''),
    multipart(
      'multipart header garbage',
      method,
      url,
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\n\u0000\u0000\u0000\r\n\r\n--${BOUNDARY}--\r\n`,
    ),
  );
  return probes;
}

interface Failure {
  route: string;
  probe: string;
  token: boolean;
  status: number;
  body: string;
}

/** Why an answer is not acceptable, or null. */
function problemWith(path: string, status: number, contentType: string, body: string): string | null {
  if (status >= 500) return 'server error';
  if (status < 300 && PASSTHROUGH.some((p) => p.test(path))) return null;
  if (!/^application\/json/.test(contentType)) return `not JSON (${contentType})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  const envelope = parsed as { code?: unknown; msg?: unknown };
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return 'not an object';
  if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string') return 'no code/msg';
  if (Object.keys(envelope).some((k) => !['code', 'msg', 'data'].includes(k))) return 'keys beyond code, msg, data';
  if (envelope.code === 500) return 'code 500';
  if (httpStatusFor(envelope.code) !== status) return `HTTP ${status} does not mirror code ${envelope.code}`;
  return null;
}

describe.each(dbTargets())('hostile input on every route on $name', (target) => {
  let server: TestServer;
  let routes: Route[];
  beforeAll(async () => {
    server = await createTestServer(target);
    const docs = await server.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    routes = routesOf(docs.json() as never, server.app.declaredRoutes);
  });
  afterAll(() => server.close());

  it('S1-7-01 S1-8-23 every answer is the envelope and none is a 500, with and without a token', async () => {
    expect(routes.length).toBeGreaterThan(150);
    let token = await server.login('admin');
    const failures: Failure[] = [];
    let sent = 0;
    const work = routes.flatMap((route) =>
      probesOf(route).flatMap((probe) => [false, true].map((withToken) => ({ route, probe, withToken }))),
    );
    // A few at a time: PostgreSQL round trips overlap, SQLite is no slower for it.
    const next = async (): Promise<void> => {
      for (let item = work.pop(); item; item = work.pop()) {
        const { route, probe, withToken } = item;
        const headers: Record<string, string> = { ...probe.headers };
        if (withToken) headers.authorization = token;
        const res = await server.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers,
          payload: probe.payload,
        });
        sent++;
        const problem = problemWith(route.path, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
        if (problem) {
          failures.push({
            route: `${route.method} ${route.path}`,
            probe: `${probe.label}: ${problem}`,
            token: withToken,
            status: res.statusCode,
            body: res.body.slice(0, 200),
          });
        }
        // A probe that signed the administrator out (Logout, say) must not blind the rest.
        if (withToken && res.statusCode === 401 && headers.authorization === token) token = await server.login('admin');
      }
    };
    await Promise.all(Array.from({ length: 4 }, next));
    expect(sent).toBeGreaterThan(5000);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 180_000);
});
