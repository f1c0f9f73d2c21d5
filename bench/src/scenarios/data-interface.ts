import type { Db } from '@atrium/server/db';
import { signIn } from '../atrium-client.ts';
import type { BenchGroup } from '../scenario.ts';
import { p95Below } from '../targets.ts';

const ROWS = 100_000;
const BATCH = 500;
const PAGED = 'Data interface SQL page (20 of 100 000 rows)';

/**
 * The large data set's table for data interfaces to read: 100 000 records (it stands for a
 * business table such as generated form records). Created by the bench set-up because no module
 * owns such a table yet; the interface itself is created through the API like an admin would.
 */
export async function seedDataInterfaceBench(db: Db): Promise<void> {
  // The table is not part of the app's schema types; these are plain schema and insert calls.
  await db.schema
    .createTable('bench_record')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < ROWS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => {
        const i = start + k;
        return {
          id: `R${String(i).padStart(7, '0')}`,
          title: `记录 ${i}`,
          amount: (i * 7919) % 100_000,
          created_at: now - i * 1000,
        };
      });
      await trx
        .insertInto('bench_record' as never)
        .values(rows as never)
        .execute();
    }
  });
}

async function api(origin: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}/prod${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data?: { id?: string } };
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer;
}

/**
 * A popup widget paging a paged SQL interface over 100 000 rows: the page and the count run
 * read-only on each call, and each call writes its log row.
 */
export const dataInterfaceGroup: BenchGroup = {
  scenarios: [
    {
      name: PAGED,
      server: 'atrium-large',
      // A few people paging popup lists at once, not a crowd: latency is what counts. Each call
      // runs the page and the count over the 100 000 rows and writes its log row (about 5 ms of
      // work on the one database connection), so waiting grows with every connection added.
      connections: 4,
      envelope: true,
      async prepare(origin) {
        const admin = await signIn(origin, 'admin');
        const created = await api(origin, admin, 'POST', '/api/system/DataInterface', {
          categoryId: 'di-cat-business',
          fullName: 'bench records',
          enCode: `bench.records.${Date.now().toString(36)}`,
          dataType: 1,
          checkType: 1,
          query: 'select id, title, amount, created_at as "createdAt" from bench_record order by id',
        });
        const staff = await signIn(origin, 'manager');
        const body = JSON.stringify({ currentPage: 50, pageSize: 20, propsValue: 'id', relationField: 'title' });
        return {
          method: 'POST',
          path: `/prod/api/system/DataInterface/${created.data!.id}/Action/List`,
          headers: { authorization: staff, 'content-type': 'application/json' },
          body,
        };
      },
    },
  ],
  targets: [p95Below(PAGED, 30)],
};
