import { billDatePart, formatBillNumber, type BillDateFormat } from '@atrium/shared';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { fail } from '../../../core/errors.ts';

/**
 * Issues the next number of the rule with this code, at `now` (the server clock).
 *
 * One UPDATE moves the counter and answers its new value: the database serialises concurrent
 * callers on the row (PostgreSQL's row lock, SQLite's single writer), so no two of them can read
 * the same value, and nothing is read before it is written. The period (the date part in the
 * rule's format) is computed in the same statement, so the counter starts again at 1 when it
 * differs from the period of the last issued number. Being a single statement, it needs no
 * transaction of its own.
 *
 * Pass the caller's transaction to number a record being saved: when that transaction rolls back,
 * the counter does too, so the rollback leaves no gap.
 */
export async function issueBillNumber(db: Db | Tx, enCode: string, now: number): Promise<string> {
  const periods = {
    yyyyMMdd: billDatePart('yyyyMMdd', now),
    yyyyMM: billDatePart('yyyyMM', now),
    yyyy: billDatePart('yyyy', now),
  };
  const issued = await db
    .updateTable('bill_rule')
    .set((eb) => {
      const period = eb
        .case('date_format')
        .when('yyyyMMdd')
        .then(periods.yyyyMMdd)
        .when('yyyyMM')
        .then(periods.yyyyMM)
        .when('yyyy')
        .then(periods.yyyy)
        .else('')
        .end();
      return {
        this_number: eb
          .case()
          .when(eb.and([eb('this_number', '>', 0), eb('date_part', '=', period)]))
          .then(eb('this_number', '+', 1))
          .else(1)
          .end(),
        date_part: period,
      };
    })
    .where('en_code', '=', enCode)
    .where('enabled', '=', 1)
    .returning(['prefix', 'date_format', 'digit', 'start_number', 'this_number', 'date_part'])
    .executeTakeFirst();
  if (!issued) {
    const rule = await db.selectFrom('bill_rule').select('enabled').where('en_code', '=', enCode).executeTakeFirst();
    throw fail(rule ? 'billRuleDisabled' : 'billRuleMissing', { code: enCode });
  }
  const format = {
    prefix: issued.prefix,
    dateFormat: issued.date_format as BillDateFormat,
    digit: issued.digit,
    startNumber: issued.start_number,
  };
  return formatBillNumber(format, issued.date_part, Number(issued.this_number) - 1);
}
