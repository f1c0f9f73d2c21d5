import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestServer, dbTargets, type TestServer } from '../testing/index.ts';
import { droppedKeys, okData, replies, RESPONSE_SCHEMA_EXEMPT, responseSerializerCompiler } from './response-schema.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** `/api/x/{id}` of the OpenAPI document back to the route as Fastify knows it, `/api/x/:id`. */
const routeOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

describe('response schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The routes are the same on every database: SQLite is enough to walk them.
    server = await createTestServer(dbTargets()[0]!, {}, (app) => {
      app.get(
        '/api/test/undescribed',
        { schema: { response: replies(z.object({ name: z.string() })) }, config: { access: 'public' } },
        async () => ({ code: 200 as const, msg: 'Success', data: { name: 'a', secret: 'b' } }),
      );
    });
  });
  afterAll(() => server.close());

  it('every route declares the answer it sends on success, apart from the named exemptions', () => {
    const document = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes: string[] = [];
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = routeOf(method, path);
        if (route.startsWith('GET /api/test/')) continue;
        routes.push(route);
        const described = Object.values(operation.responses ?? {}).some((answer) => answer.content !== undefined);
        if (!described && !(route in RESPONSE_SCHEMA_EXEMPT)) missing.push(route);
      }
    }
    expect(routes.length).toBeGreaterThan(200);
    expect(missing).toEqual([]);
    // An exemption that names no route any more is stale.
    for (const exempt of Object.keys(RESPONSE_SCHEMA_EXEMPT)) expect(routes).toContain(exempt);
  });

  it('/api/docs documents the answer of a route, envelope and data', () => {
    const document = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const answer = document.paths['/api/oauth/getConfig/{account}']?.get?.responses?.['200'];
    expect(JSON.stringify(answer?.content)).toContain('verificationCodeNumber');
    expect(JSON.stringify(answer?.content)).toContain('"msg"');
  });

  it('under test, an answer with a key its schema does not describe fails instead of losing the key', async () => {
    const res = await server.call('GET', '/api/test/undescribed');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后重试' });
  });

  it('droppedKeys names every key, nested and in lists, that serialisation would drop', () => {
    const schema = okData(z.object({ list: z.array(z.object({ id: z.string() })), total: z.number() }));
    const sent = {
      code: 200,
      msg: 'ok',
      data: { list: [{ id: '1' }, { id: '2', extra: 1 }], total: 2, more: 3, none: undefined },
    };
    expect(droppedKeys(sent, schema.parse(sent))).toEqual(['data.list[1].extra', 'data.more']);
  });

  it('outside tests the serializer drops undescribed keys silently, as zod does', () => {
    const serialize = responseSerializerCompiler(false)({
      schema: okData(z.object({ a: z.number() })),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ code: 200, msg: 'ok', data: { a: 1, b: 2 } })).toBe('{"code":200,"msg":"ok","data":{"a":1}}');
  });
});
