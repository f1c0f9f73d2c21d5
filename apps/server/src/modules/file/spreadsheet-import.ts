import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@atrium/shared';
import { fail } from '../../core/errors.ts';
import { readSheetRows } from '../../core/excel-thread.ts';
import { storeFile } from '../../core/files.ts';
import { readBytes, storageOf, type StorageRef } from '../../core/storage.ts';

/**
 * The server half of the batch import dialog, for any module: the upload of a workbook (.xls/.xlsx,
 * at most 500 KB, recognised by its bytes) stored under a generated name, and the reading of its
 * rows (first sheet, header in row 1, at most 1 000 rows) on the worker pool, never on the request
 * thread. The module keeps its own columns, checks and import.
 */

/** The generated name of an uploaded or generated workbook. */
export const SPREADSHEET_NAME = /^[0-9a-f]{32}\.xlsx$/;
const generatedName = () => `${randomBytes(16).toString('hex')}.xlsx`;

/** Recognises a workbook by its bytes: xlsx is a zip; an old binary .xls is refused with advice. */
export function checkSpreadsheet(fileName: string, bytes: Buffer): void {
  if (!/\.(xlsx|xls)$/i.test(fileName)) throw fail('importFileType');
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) return;
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0xd0cf11e0) throw fail('importFileXls');
  throw fail('importFileType');
}

/**
 * Reads the multipart workbook of an import upload, checks it and stores it under `category` of
 * `store` (the app's FileStorage, or its data folder); answers its name. The rows are read by a
 * later request, maybe on another instance: both go through the same store.
 */
export async function receiveSpreadsheet(
  request: FastifyRequest,
  store: StorageRef,
  category: string,
): Promise<string> {
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw fail('fileMissing');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw fail('importFileSize');
  }
  if (part.file.truncated || bytes.length > IMPORT_MAX_BYTES) throw fail('importFileSize');
  checkSpreadsheet(part.filename, bytes);
  const name = generatedName();
  await storeFile(store, category, name, bytes);
  return name;
}

/** Stores a generated workbook under `category` and answers its name. */
export async function storeSpreadsheet(store: StorageRef, category: string, bytes: Buffer): Promise<string> {
  const name = generatedName();
  await storeFile(store, category, name, bytes);
  return name;
}

/** The rows of an uploaded workbook as objects keyed by `columns`, in the template's column order. */
export async function readSpreadsheetRows<K extends string>(
  store: StorageRef,
  category: string,
  fileName: string,
  columns: readonly K[],
): Promise<Record<K, string>[]> {
  if (!SPREADSHEET_NAME.test(fileName)) throw fail('importFileMissing');
  // Only a missing file is the user's to fix; a store that cannot be reached is a server fault.
  const bytes = await readBytes(storageOf(store), category, fileName);
  if (!bytes) throw fail('importFileMissing');
  let cells: string[][];
  try {
    cells = await readSheetRows(bytes, columns.length, IMPORT_MAX_ROWS);
  } catch {
    throw fail('importFileType');
  }
  if (cells.length > IMPORT_MAX_ROWS) throw fail('importTooManyRows', { max: IMPORT_MAX_ROWS });
  return cells.map(
    (values) => Object.fromEntries(columns.map((key, i) => [key, values[i] ?? ''])) as Record<K, string>,
  );
}
