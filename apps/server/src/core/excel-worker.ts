/**
 * Reads and writes spreadsheets in a thread of the worker pool (core/worker-pool.ts), so that
 * parsing or building a workbook never blocks the request thread (and a hostile file meets the
 * thread's memory limit, not the server's). The thread stays up: keep no state between tasks.
 */
import ExcelJS from 'exceljs';
import type { ExcelTask } from './excel-thread.ts';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return String(value.result ?? '').trim();
    if (value instanceof Date) return value.toISOString();
  }
  return String(value).trim();
}

export default async function run(task: ExcelTask): Promise<unknown> {
  const workbook = new ExcelJS.Workbook();
  if (task.kind === 'read') {
    await workbook.xlsx.load(task.bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    if (!sheet) return rows;
    let tooMany = false;
    sheet.eachRow({ includeEmpty: false }, (row, index) => {
      if (index === 1 || tooMany) return;
      const values = Array.from({ length: task.columns }, (_, i) => cellText(row.getCell(i + 1).value));
      if (values.every((v) => v === '')) return;
      rows.push(values);
      if (rows.length > task.maxRows) tooMany = true;
    });
    return rows;
  }
  const sheet = workbook.addWorksheet(task.sheetName);
  sheet.columns = task.columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of task.rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
