import type { FastifyInstance } from 'fastify';
import type { Db } from '@atrium/server/db';
import { FORM_HEADERS, loginForm, signIn } from '../atrium-client.ts';
import type { BenchGroup, BenchRequest, Scenario, ServerKind } from '../scenario.ts';
import { p95Below, rpsRatioAtLeast } from '../targets.ts';

const ROWS = 100_000;
const BATCH = 500;
const CODE = 'benchOrder';
/** The released model's main table (visual development names it `vd_` and the code in lower case). */
const TABLE = 'vd_benchorder';
const CUSTOMERS = 100;

const LIST = 'OnlineDev List (keyword + select + sort, 20 of 100 000)';
const LIST_50 = 'OnlineDev List at 50 connections';
const SAVE = 'OnlineDev save (record with a 20-row sub-table)';
const onPg = (name: string) => `${name} on PostgreSQL`;

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey, label, layout: 'colFormItem', span: 12 },
  __vModel__: vModel,
  ...extra,
});

/** An order form: title, customer-bearing text, status select, amount, and a 20-row item table in saves. */
const form = {
  popupType: 'general',
  concurrencyLock: true,
  fields: [
    field('comInput', 'title', '标题', { __config__: { jnpfKey: 'comInput', label: '标题', required: true } }),
    field('select', 'status', '状态', {
      __slot__: {
        options: ['a', 'b', 'c', 'd'].map((id) => ({ id, fullName: id.toUpperCase() })),
      },
    }),
    field('numInput', 'amount', '金额', { precision: 2 }),
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        layout: 'rowFormItem',
        children: [
          field('comInput', 'item', '品名', { __config__: { jnpfKey: 'comInput', label: '品名', required: true } }),
          field('numInput', 'qty', '数量'),
          field('numInput', 'price', '单价'),
        ],
      },
      __vModel__: 'items',
    },
  ],
};

const columns = {
  type: 1,
  columnList: [
    { label: '标题', prop: 'title' },
    { label: '状态', prop: 'status' },
    { label: '金额', prop: 'amount', sortable: true },
  ],
  searchList: [
    { label: '标题', prop: 'title', searchType: 2 },
    { label: '状态', prop: 'status', searchType: 1 },
  ],
  defaultSidx: 'amount',
  sort: 'desc',
  hasPage: true,
  pageSize: 20,
};

/**
 * The large data set's online form: an order model designed and released through the API as an
 * administrator would, then 100 000 records written straight into its table (saving them one by
 * one through the API would take the whole bench). Its keyword index and its indexes on the
 * searched and sorted columns were made by the release, and keep up with the inserts.
 */
export async function seedOnlineFormBench(app: FastifyInstance, db: Db): Promise<void> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    headers: FORM_HEADERS,
    payload: loginForm('admin'),
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
    const answer = res.json() as { code: number; msg: string; data?: { id?: string; list?: { id: string }[] } };
    if (answer.code !== 200) throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
    return answer;
  };
  const created = await call('POST', '/api/visualdev/Base', {
    fullName: '订单',
    enCode: CODE,
    formData: JSON.stringify(form),
    columnData: JSON.stringify(columns),
  });
  const system = (await db.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirstOrThrow()).id;
  await call('POST', `/api/visualdev/Base/${created.data!.id}/Actions/Release`, {
    pcModuleParentId: '-1',
    pcSystemId: system,
  });
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < ROWS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => {
        const i = start + k;
        return {
          id: `O${String(i).padStart(7, '0')}`,
          created_by: null,
          created_at: now - i * 1000,
          updated_by: null,
          updated_at: null,
          version: 0,
          f_title: `订单${i} 客户${String(i % CUSTOMERS).padStart(3, '0')}`,
          f_status: 'abcd'[Math.floor(i / 7) % 4],
          f_amount: ((i * 7919) % 100_000) / 100,
        };
      });
      await trx
        .insertInto(TABLE as never)
        .values(rows as never)
        .execute();
    }
  });
}

async function modelId(origin: string, token: string): Promise<string> {
  const res = await fetch(`${origin}/prod/api/visualdev/Base?keyword=${CODE}`, { headers: { authorization: token } });
  const answer = (await res.json()) as { data?: { list?: { id: string }[] } };
  const id = answer.data?.list?.[0]?.id;
  if (!id) throw new Error('the bench order model is missing: the large seed did not run');
  return id;
}

/** A keyword held by 1% of the records, one of four statuses, sorted by amount: about 250 matches. */
async function listRequest(origin: string): Promise<BenchRequest> {
  const token = await signIn(origin, 'admin');
  const id = await modelId(origin, token);
  return {
    method: 'POST',
    path: `/prod/api/visualdev/OnlineDev/${id}/List`,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      currentPage: 1,
      pageSize: 20,
      sidx: 'amount',
      sort: 'desc',
      queryJson: JSON.stringify({ title: '客户042', status: 'b' }),
    }),
  };
}

/** A new order with 20 item rows, validated by the form and written in one transaction. */
async function saveRequest(origin: string): Promise<BenchRequest> {
  const token = await signIn(origin, 'admin');
  const id = await modelId(origin, token);
  const items = Array.from({ length: 20 }, (_, i) => ({ item: `品名${i}`, qty: i + 1, price: 9.5 }));
  return {
    method: 'POST',
    path: `/prod/api/visualdev/OnlineDev/${id}`,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ data: JSON.stringify({ title: '压测订单', status: 'a', amount: 190, items }) }),
  };
}

function scenarios(server: ServerKind, name: (n: string) => string): Scenario[] {
  return [
    // A handful of people searching at once: latency is what counts.
    { name: name(LIST), server, connections: 10, envelope: true, prepare: listRequest },
    { name: name(LIST_50), server, connections: 50, envelope: true, prepare: listRequest },
    { name: name(SAVE), server, connections: 4, envelope: true, prepare: saveRequest },
  ];
}

const targets = (name: (n: string) => string) => [
  p95Below(name(LIST), 30),
  rpsRatioAtLeast(name(LIST_50), 0.01),
  p95Below(name(SAVE), 40),
];

/**
 * Online forms at scale (docs/visual-development.md): a released model's list over 100 000
 * records with a keyword, a select condition and a sort, and saving a record with a 20-row
 * sub-table, on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL.
 */
export function onlineFormGroup(env: NodeJS.ProcessEnv = process.env): BenchGroup {
  const same = (n: string) => n;
  const pg = !!env.BENCH_DATABASE_URL;
  return {
    scenarios: [...scenarios('atrium-large', same), ...(pg ? scenarios('atrium-large-pg', onPg) : [])],
    targets: [...targets(same), ...(pg ? targets(onPg) : [])],
  };
}
