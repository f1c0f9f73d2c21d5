import type { Db } from '../../../db/index.ts';
import { writeSheet } from '../../../core/excel-thread.ts';
import type { Translate } from '../../organize/common.ts';
import { exportItems } from './data-service.ts';

/**
 * The items of one type as an .xlsx workbook, built in the spreadsheet worker thread (never on the
 * request thread). A parent is named by its code, so a tree type's nesting survives the export.
 */
export async function exportWorkbook(
  db: Db,
  t: Translate,
  typeIdOrCode: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { type, items } = await exportItems(db, typeIdOrCode);
  const codes = new Map(items.map((r) => [r.id, r.en_code]));
  const columns = [
    { header: t('dictionaryColumnName'), key: 'fullName', width: 24 },
    { header: t('dictionaryColumnCode'), key: 'enCode', width: 20 },
    ...(type.is_tree === 1 ? [{ header: t('dictionaryColumnParent'), key: 'parent', width: 20 }] : []),
    { header: t('dictionaryColumnSpelling'), key: 'simpleSpelling', width: 12 },
    { header: t('dictionaryColumnDefault'), key: 'isDefault', width: 8 },
    { header: t('dictionaryColumnSort'), key: 'sortCode', width: 8 },
    { header: t('dictionaryColumnState'), key: 'state', width: 8 },
    { header: t('dictionaryColumnDescription'), key: 'description', width: 30 },
  ];
  const rows = items.map((r) => ({
    fullName: r.full_name,
    enCode: r.en_code,
    parent: codes.get(r.parent_id) ?? '',
    simpleSpelling: r.simple_spelling,
    isDefault: t(r.is_default === 1 ? 'dictionaryYes' : 'dictionaryNo'),
    sortCode: String(r.sort_code),
    state: t(r.enabled === 1 ? 'dictionaryEnabled' : 'dictionaryDisabled'),
    description: r.description ?? '',
  }));
  // Sheet names are at most 31 characters and may not hold : \ / ? * [ ].
  const sheetName = type.full_name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || t('dictionarySheetName');
  const bytes = await writeSheet(sheetName, columns, rows);
  return { fileName: `${type.full_name}.xlsx`, bytes };
}
