import type { FastifyRequest } from 'fastify';
import { FlowStatus } from '@atrium/shared/workflow';
import type { Db } from '../../../db/index.ts';
import { notFound } from '../../../core/errors.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import { canReadInstance } from '../runtime/instance-access.ts';
import { personName } from './lists.ts';

/**
 * Receipts (docs/workflow.md, "Receipts"): the printable summary of an instance — who launched it,
 * when, how it ended and who handled it — found by its bill number. Only callers who may read the
 * instance get it; anyone else gets 404.
 */

async function summaryOf(db: Db, instanceId: string) {
  const row = await db
    .selectFrom('flow_instance as i')
    .innerJoin('flow_template as t', 't.id', 'i.template_id')
    .innerJoin('flow_template_version as v', 'v.id', 'i.version_id')
    .innerJoin('users as u', 'u.id', 'i.initiator_id')
    .select([
      'i.id',
      'i.bill_no',
      'i.title',
      'i.status',
      'i.submitted_at',
      'i.finished_at',
      't.full_name as flow_name',
      'v.version_no',
      'u.real_name',
      'u.account',
    ])
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const records = await db
    .selectFrom('flow_record as r')
    .leftJoin('users as u', 'u.id', 'r.handler_id')
    .select(['r.node_name', 'r.created_at', 'r.handle_status', 'r.opinion', 'u.real_name', 'u.account'])
    .where('r.instance_id', '=', instanceId)
    .where('r.visible', '=', 1)
    .where('r.recalled', '=', 0)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return {
    id: row.id,
    billNo: row.bill_no,
    title: row.title,
    flowName: row.flow_name,
    flowVersion: `v${row.version_no}`,
    status: row.status,
    userName: personName(row.real_name, row.account),
    startTime: row.submitted_at,
    endTime: row.finished_at,
    records: records.map((r) => ({
      nodeName: r.node_name,
      userName: personName(r.real_name, r.account),
      handleTime: r.created_at,
      handleStatus: r.handle_status,
      handleOpinion: r.opinion,
    })),
  };
}

/** `receipt/external?code=`: the summary of the instance with this bill number that the caller may read. */
export async function receiptByCode(db: Db, request: FastifyRequest, code: string) {
  const candidates = await db
    .selectFrom('flow_instance')
    .select('id')
    .where('bill_no', '=', code)
    .where('status', '!=', FlowStatus.draft)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  for (const { id } of candidates) if (await canReadInstance(db, request, id)) return summaryOf(db, id);
  throw notFound();
}

/** `receipt/getReceiptCode?id=`: the bill number of an instance the caller may read. */
export async function receiptCode(db: Db, request: FastifyRequest, instanceId: string) {
  if (!(await canReadInstance(db, request, instanceId))) throw notFound();
  const row = await db.selectFrom('flow_instance').select('bill_no').where('id', '=', instanceId).executeTakeFirst();
  if (!row) throw notFound();
  return { code: row.bill_no };
}

/** `receipt/getOpenReceiptList`: the caller's approved instances that carry a bill number, newest first. */
export async function openReceipts(db: Db, userId: string, query: PageQuery) {
  const base = db
    .selectFrom('flow_instance as i')
    .innerJoin('flow_template as t', 't.id', 'i.template_id')
    .where('i.initiator_id', '=', userId)
    .where('i.status', '=', FlowStatus.adopt)
    .where('i.bill_no', '!=', '');
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select(['i.id', 'i.bill_no', 'i.title', 't.full_name', 'i.finished_at'])
      .orderBy('i.finished_at', 'desc')
      .orderBy('i.id', 'desc'),
  );
  return pageOf(
    rows.map((r) => ({ id: r.id, code: r.bill_no, title: r.title, flowName: r.full_name, endTime: r.finished_at })),
    query,
    total,
  );
}
