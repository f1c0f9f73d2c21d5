import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';

/**
 * Demo bill rules. A rule's category is an item of the businessType dictionary; the item is found
 * by code or name (whichever the dictionary seed uses), and left empty when that dictionary has
 * no such item, so this seed works whichever order the seeds run in.
 */
const RULES = [
  { code: 'leaveApply', name: '请假单', prefix: 'QJ', dateFormat: 'yyyyMMdd', digit: 4, business: ['hr', '人事'] },
  { code: 'expenseClaim', name: '报销单', prefix: 'BX', dateFormat: 'yyyyMM', digit: 5, business: ['finance', '财务'] },
  {
    code: 'purchaseOrder',
    name: '采购单',
    prefix: 'CG',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    business: ['purchase', '采购'],
  },
  { code: 'contract', name: '合同', prefix: 'HT', dateFormat: 'yyyy', digit: 6, business: ['contract', '合同'] },
  { code: 'visitorPass', name: '访客登记', prefix: 'FK', dateFormat: 'no', digit: 6, business: ['admin', '行政'] },
] as const;

export async function seedBillRules(trx: Tx, now: number): Promise<void> {
  const items = await trx
    .selectFrom('dictionary_data')
    .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
    .select(['dictionary_data.id', 'dictionary_data.en_code', 'dictionary_data.full_name'])
    .where('dictionary_type.en_code', '=', 'businessType')
    .execute();
  const categoryOf = (hints: readonly string[]) =>
    items.find((i) => hints.some((h) => i.en_code.toLowerCase() === h || i.full_name.includes(h)))?.id ?? '';
  for (const [i, r] of RULES.entries()) {
    await trx
      .insertInto('bill_rule')
      .values({
        id: newId(now),
        full_name: r.name,
        en_code: r.code,
        category: categoryOf(r.business),
        prefix: r.prefix,
        date_format: r.dateFormat,
        digit: r.digit,
        start_number: '1',
        this_number: 0,
        date_part: '',
        description: null,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
        enabled: 1,
        sort_code: i,
      })
      .execute();
  }
}
