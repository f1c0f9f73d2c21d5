import type { Db } from '../../../db/index.ts';
import { AppError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { pageOf, type PageQuery } from '../../../core/paging.ts';

export interface CallMeta {
  interfaceId: string;
  userId: string;
  ip: string;
  device: string;
  /** Which call: preview, list, infoByIds. */
  action: string;
  now: () => number;
  /** The failure as the caller read it (their language); the log keeps that text. */
  describe(error: AppError): string;
}

/**
 * Runs one call of an interface and writes its log row (time, caller, duration, ip, outcome)
 * whether it succeeds or fails; the failure still reaches the caller. The log is written after
 * the read, outside it: the read runs read-only and a log write must not be part of it.
 */
export async function withCallLog<T>(db: Db, meta: CallMeta, run: () => Promise<T>): Promise<T> {
  const started = meta.now();
  const t0 = performance.now();
  let error: unknown;
  try {
    return await run();
  } catch (e) {
    error = e;
    throw e;
  } finally {
    await db
      .insertInto('data_interface_log')
      .values({
        id: newId(started),
        interface_id: meta.interfaceId,
        invoked_at: started,
        user_id: meta.userId,
        duration_ms: Math.round(performance.now() - t0),
        ip: meta.ip.slice(0, 64),
        device: meta.device.slice(0, 200),
        action: meta.action,
        ok: error === undefined ? 1 : 0,
        error: error === undefined ? null : error instanceof AppError ? meta.describe(error).slice(0, 500) : 'internal',
      })
      .execute();
  }
}

/** One interface's calls, newest first, paged. */
export async function listCallLogs(db: Db, interfaceId: string, query: PageQuery) {
  const base = db
    .selectFrom('data_interface_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where('l.interface_id', '=', interfaceId);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'l.id',
        'l.invoked_at',
        'l.user_id',
        'u.real_name',
        'u.account',
        'l.duration_ms',
        'l.ip',
        'l.device',
        'l.action',
        'l.ok',
        'l.error',
      ])
      .orderBy('l.invoked_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      invokTime: Number(r.invoked_at),
      userId: r.user_id ?? '',
      userName: r.real_name ? `${r.real_name}/${r.account}` : '',
      invokWasteTime: r.duration_ms,
      invokIp: r.ip,
      invokDevice: r.device,
      invokType: r.action,
      isSuccess: r.ok,
      errorMessage: r.error ?? '',
    })),
    query,
    Number(counted.total),
  );
}
