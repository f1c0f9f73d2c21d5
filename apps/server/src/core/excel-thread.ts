import { workerPool } from './worker-pool.ts';

export type ExcelTask =
  | { kind: 'read'; bytes: Uint8Array; columns: number; maxRows: number }
  | {
      kind: 'write';
      sheetName: string;
      columns: { header: string; key: string; width: number }[];
      rows: Record<string, string>[];
    };

const EXCEL_WORKER = new URL('./excel-worker.ts', import.meta.url);

/**
 * Runs one spreadsheet task in a warm thread of the shared worker pool (core/worker-pool.ts), with
 * the pool's time and memory limits: imports and exports never run on the request thread.
 */
function runInWorker<T>(task: ExcelTask): Promise<T> {
  return workerPool().run<T>(EXCEL_WORKER, task);
}

/** The rows under the header of the first sheet, each cut to `columns` cells of text; stops past maxRows. */
export function readSheetRows(bytes: Uint8Array, columns: number, maxRows: number): Promise<string[][]> {
  return runInWorker<string[][]>({ kind: 'read', bytes, columns, maxRows });
}

/** An .xlsx workbook of one sheet with a bold header row. */
export async function writeSheet(
  sheetName: string,
  columns: { header: string; key: string; width: number }[],
  rows: Record<string, string>[],
): Promise<Buffer> {
  const bytes = await runInWorker<Uint8Array>({ kind: 'write', sheetName, columns, rows });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
