import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, md5, type TestServer } from '../testing/index.ts';

const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)('several instances sharing Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await createTestServer(dbTargets()[0]!, { redisUrl, loginRateMax: 3 });
    b = await createTestServer(dbTargets()[0]!, { redisUrl, loginRateMax: 3 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('count sign-in attempts together: the limit holds across instances', async () => {
    const account = `probe${randomBytes(4).toString('hex')}`;
    const attempt = (server: TestServer) =>
      server.call('POST', '/api/oauth/Login', { form: { account, password: md5('x') } });
    expect((await attempt(a)).json().code).toBe(400);
    expect((await attempt(b)).json().code).toBe(400);
    expect((await attempt(a)).json().code).toBe(400);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(429);
  });
});
