import type { Db } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';

/**
 * One command, one unit of work (docs/architecture.md). A command (an approval, a notice release)
 * may span several services; each takes the unit instead of opening its own transaction, so all of
 * their writes commit or roll back together. What must only happen once the writes are durable —
 * websocket pushes, flow messages' live notifications, later mails and webhooks — is handed to
 * `afterCommit` and runs after the commit, in the order given; a rolled-back unit runs none of it.
 */
export interface UnitOfWork {
  /** The open transaction every service of the command writes through. */
  readonly trx: Tx;
  /** Runs `effect` after the unit commits; never when it rolls back. */
  afterCommit(effect: () => Promise<void> | void): void;
}

/** What a failed effect reports to; the commit it follows stands. */
export type EffectFailure = (error: unknown) => void;

/** Runs a command in a new unit of work: one transaction, then its effects. */
export async function runCommand<T>(
  db: Db,
  command: (unit: UnitOfWork) => Promise<T>,
  onEffectFailure: EffectFailure = () => undefined,
): Promise<T> {
  const effects: (() => Promise<void> | void)[] = [];
  const result = await db
    .transaction()
    .execute((trx) => command({ trx, afterCommit: (effect) => void effects.push(effect) }));
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      // A push that fails (a socket gone, Redis briefly away) must not turn a committed command into
      // an error for its caller.
      onEffectFailure(error);
    }
  }
  return result;
}

/**
 * A service's entry: joins the caller's unit when given one, else runs as a command of its own.
 * Services take `Db | UnitOfWork` and call this, so they compose without knowing who called them.
 */
export function inUnit<T>(
  target: Db | UnitOfWork,
  work: (unit: UnitOfWork) => Promise<T>,
  onEffectFailure?: EffectFailure,
): Promise<T> {
  return isUnit(target) ? work(target) : runCommand(target, work, onEffectFailure);
}

export const isUnit = (target: Db | UnitOfWork): target is UnitOfWork =>
  'afterCommit' in target && typeof (target as UnitOfWork).afterCommit === 'function';
