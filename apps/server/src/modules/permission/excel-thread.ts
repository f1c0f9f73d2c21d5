import { Worker } from 'node:worker_threads';

export type ExcelTask =
  | { kind: 'read'; bytes: Uint8Array; columns: number; maxRows: number }
  | {
      kind: 'write';
      sheetName: string;
      columns: { header: string; key: string; width: number }[];
      rows: Record<string, string>[];
    };

/** Registers tsx in the new thread, then loads the TypeScript worker (the server runs through tsx too). */
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  new URL('./excel-worker.ts', import.meta.url).href,
)}); })`;

/** A workbook task should finish in well under this; past it the worker is stopped. */
const TASK_TIMEOUT_MS = 30_000;

/**
 * Runs one spreadsheet task in a worker thread with its own memory limit (DESIGN: imports and
 * exports never run on the request thread).
 */
function runInWorker<T>(task: ExcelTask): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const timer = setTimeout(() => void worker.terminate(), TASK_TIMEOUT_MS);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    worker.once('message', (message: { ok: boolean; result?: T; error?: string }) =>
      settle(() => (message.ok ? resolve(message.result as T) : reject(new Error(message.error)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`spreadsheet worker stopped (${code})`))));
  });
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
  return Buffer.from(await runInWorker<Uint8Array>({ kind: 'write', sheetName, columns, rows }));
}
