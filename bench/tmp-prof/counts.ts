import { sql } from 'kysely';
import { buildAtriumServer } from '../src/atrium-server.ts';
import { FORM_HEADERS, loginForm } from '../src/atrium-client.ts';

const url = 'postgres://postgres@localhost:5432/postgres';
const server = await buildAtriumServer({ large: true, url, redisUrl: 'redis://127.0.0.1:6379' });
const app = server.app;
const login = await app.inject({ method: 'POST', url: '/prod/api/oauth/Login', headers: FORM_HEADERS, payload: loginForm('manager') });
console.log(login.body.slice(0, 200));
const token = (login.json() as { data: { token: string } }).data.token;
const call = () => app.inject({ method: 'POST', url: '/prod/api/workflow/form/dispatch/flowViewCount', headers: { authorization: token, 'content-type': 'application/json' }, payload: '{}' });
console.log((await call()).body);
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  const n = 2000;
  for (let i = 0; i < n; i++) await call();
  console.log('serial ms/req', ((performance.now() - t0) / n).toFixed(3));
  const c0 = process.cpuUsage();
  const t1 = performance.now();
  await Promise.all(Array.from({ length: 10 }, async () => { for (let i = 0; i < 200; i++) await call(); }));
  const cpu = process.cpuUsage(c0);
  console.log('10x200 wall ms/req', ((performance.now() - t1) / 2000).toFixed(3), 'node cpu ms/req', ((cpu.user + cpu.system) / 1000 / 2000).toFixed(3));
}
const db = (app as unknown as { database?: unknown }).database;
void db;
await server.close();
process.exit(0);
