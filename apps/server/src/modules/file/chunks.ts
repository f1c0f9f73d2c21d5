import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { badField, fail } from '../../core/errors.ts';
import { CONTROL_CHARS } from '../../core/record-schema.ts';
import type { FileStorage } from '../../core/storage.ts';

/**
 * Chunked uploads (docs/files.md). A browser cuts a file into chunks of CHUNK_BYTES (the last one
 * shorter), names the whole by its md5 and sends the chunks one by one; the server keeps them
 * per uploader and md5 until the merge, which joins them, checks the md5 of the whole and stores the
 * file. Chunks are kept in the file store (see chunkPrefix below for why).
 */

export const CHUNK_BYTES = 5_242_880;
/** Chunks of an upload nobody finished are removed after this long. */
export const CHUNK_TTL_MS = 24 * 60 * 60 * 1000;
const CHUNKS_CATEGORY = 'chunks';

export const MD5 = /^[0-9a-f]{32}$/;
/** Path separators and characters no file system takes: a name holding them is refused, not cleaned. */
const BAD_NAME_CHARS = /[/\\:*?"<>|]/;

/**
 * The name the user gave, checked: it is only shown and offered as the download name, but a name
 * that tries to climb folders (`../x`, `a/b`) or hides control characters is refused with its field.
 */
export function checkedFileName(raw: unknown, field = 'fileName'): string {
  if (typeof raw !== 'string' || !raw.trim()) throw badField(field, 'fieldRequired');
  const name = raw.trim();
  if (name.length > 200) throw badField(field, 'fieldMaxLength', { maximum: 200 });
  if (BAD_NAME_CHARS.test(name) || CONTROL_CHARS.test(name) || name === '.' || name === '..' || name.startsWith('..'))
    throw badField(field, 'fileNameUnsafe');
  return name;
}

/** The extension of a checked name, lower case, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A whole number from a query or form value, within [min, max]; else a field error. */
export function wholeField(raw: unknown, field: string, min: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') throw badField(field, 'fieldRequired');
  const text = String(raw);
  if (!/^\d{1,16}$/.test(text)) throw badField(field, 'fieldFormat');
  const n = Number(text);
  if (n < min) throw badField(field, 'fieldMin', { minimum: min });
  if (n > max) throw badField(field, 'fieldMax', { maximum: max });
  return n;
}

export function md5Field(raw: unknown, field = 'identifier'): string {
  if (typeof raw !== 'string' || !raw) throw badField(field, 'fieldRequired');
  if (!MD5.test(raw)) throw badField(field, 'fieldFormat');
  return raw;
}

export const chunkCount = (fileSize: number) => Math.max(1, Math.ceil(fileSize / CHUNK_BYTES));
/** The exact length chunk `n` (1-based) of a file of `fileSize` bytes must have. */
export const chunkLength = (fileSize: number, n: number) =>
  n < chunkCount(fileSize) ? CHUNK_BYTES : fileSize - (chunkCount(fileSize) - 1) * CHUNK_BYTES;

/** One upload's declared shape, every part checked (the chunk test, each chunk and the merge send it). */
export interface UploadShape {
  identifier: string;
  fileName: string;
  extension: string;
  fileSize: number;
  totalChunks: number;
}

export function checkedShape(
  values: Record<string, unknown>,
  limits: { maxBytes: number; extensions: ReadonlySet<string> },
): UploadShape {
  const identifier = md5Field(values.identifier);
  const fileName = checkedFileName(values.fileName);
  const extension = extensionOf(fileName);
  if (!extension || !/^[a-z0-9]{1,10}$/.test(extension) || !limits.extensions.has(extension))
    throw fail('uploadExtension', { extension: extension || '-' });
  if (values.extension !== undefined && values.extension !== '' && String(values.extension).toLowerCase() !== extension)
    throw badField('extension', 'fieldValue');
  const sizeField = values.fileSize !== undefined ? 'fileSize' : 'totalSize';
  const fileSize = wholeField(values.fileSize ?? values.totalSize, sizeField, 1, Number.MAX_SAFE_INTEGER);
  if (fileSize > limits.maxBytes)
    throw fail('uploadTooLarge', { size: Math.round((limits.maxBytes / 1048576) * 10) / 10 });
  const totalChunks = wholeField(values.totalChunks, 'totalChunks', 1, 100_000);
  if (totalChunks !== chunkCount(fileSize))
    throw badField('totalChunks', 'chunkCountWrong', { count: chunkCount(fileSize) });
  return { identifier, fileName, extension, fileSize, totalChunks };
}

/**
 * Where chunks are kept: in the file store, like the files they make, not on the disk of the
 * instance that took them. Behind a load balancer the chunks of one upload, the "which chunks do
 * you hold" question of a resumed upload and the merge may each reach another instance; only a
 * store they all share answers them the same. (With the local folder store, one instance, this is
 * that instance's disk as before.) A chunk is `chunks/<uploader>-<md5>-<n>.chunk`: per uploader, so
 * nobody adds to, reads or learns of another user's chunks.
 */
const chunkPrefix = (userId: string, identifier: string) =>
  `${createHash('sha256').update(userId).digest('hex').slice(0, 24)}-${identifier}-`;

const CHUNK_NAME = /-(\d{1,6})\.chunk$/;

/** The chunk numbers (1-based) held for this upload, in order. */
export async function storedChunks(storage: FileStorage, userId: string, shape: UploadShape): Promise<number[]> {
  const held: number[] = [];
  for (const entry of await storage.list(CHUNKS_CATEGORY, chunkPrefix(userId, shape.identifier))) {
    const m = CHUNK_NAME.exec(entry.name);
    if (!m) continue;
    const n = Number(m[1]);
    if (n < 1 || n > shape.totalChunks) continue;
    // A chunk of another declared size (the same md5 sent with a wrong size) does not count.
    if (entry.size === chunkLength(shape.fileSize, n)) held.push(n);
  }
  return held.sort((a, b) => a - b);
}

/** Keeps one chunk; the store shows it whole or not at all, so a cut connection never leaves half a chunk counted. */
export async function storeChunk(
  storage: FileStorage,
  userId: string,
  shape: UploadShape,
  chunkNumber: number,
  bytes: Buffer,
): Promise<void> {
  const expected = chunkLength(shape.fileSize, chunkNumber);
  if (bytes.length !== expected) throw badField('file', 'chunkLengthWrong', { size: expected });
  await storage.put(CHUNKS_CATEGORY, `${chunkPrefix(userId, shape.identifier)}${chunkNumber}.chunk`, bytes);
}

/** Forgets an upload's chunks. */
export async function dropChunks(storage: FileStorage, userId: string, identifier: string): Promise<void> {
  const held = await storage.list(CHUNKS_CATEGORY, chunkPrefix(userId, identifier));
  await Promise.all(held.map((entry) => storage.remove(CHUNKS_CATEGORY, entry.name)));
}

/**
 * Joins the chunks into the stored file `target`, hashing as they stream through (no whole file in
 * memory, nor on this instance's disk), and keeps it when the md5 is the declared one. A missing
 * chunk or another md5 is refused; a wrong md5 also removes the file and drops the chunks, since
 * one of them is damaged and the client must send them again.
 */
export async function joinChunks(
  storage: FileStorage,
  userId: string,
  shape: UploadShape,
  target: { category: string; name: string },
): Promise<void> {
  const held = await storedChunks(storage, userId, shape);
  if (held.length !== shape.totalChunks) {
    const missing = Array.from({ length: shape.totalChunks }, (_, i) => i + 1).filter((n) => !held.includes(n));
    throw fail('chunksMissing', { chunks: missing.slice(0, 10).join(', ') });
  }
  const prefix = chunkPrefix(userId, shape.identifier);
  const hash = createHash('md5');
  async function* joined() {
    for (let n = 1; n <= shape.totalChunks; n += 1) {
      const chunk = await storage.open(CHUNKS_CATEGORY, `${prefix}${n}.chunk`);
      // Dropped meanwhile (a second merge of the same upload won the race).
      if (!chunk) throw fail('chunksMissing', { chunks: String(n) });
      for await (const part of chunk) {
        hash.update(part as Buffer);
        yield part as Buffer;
      }
    }
  }
  try {
    await storage.put(target.category, target.name, Readable.from(joined()));
  } catch (error) {
    // Whatever went wrong first is what the caller hears, not a failing clean-up.
    await storage.remove(target.category, target.name).catch(() => undefined);
    throw error;
  }
  const md5 = hash.digest('hex');
  if (md5 !== shape.identifier) {
    await storage.remove(target.category, target.name);
    await dropChunks(storage, userId, shape.identifier);
    throw fail('fileMd5Mismatch', { expected: shape.identifier, actual: md5 });
  }
}

let lastSweep = 0;

/**
 * Removes chunks untouched for CHUNK_TTL_MS; runs at most once an hour per instance, on any upload
 * call. Every instance sweeps the shared store: removing a stale chunk twice is harmless.
 */
export async function sweepStaleChunks(storage: FileStorage, now: number): Promise<void> {
  if (now - lastSweep < 60 * 60 * 1000) return;
  lastSweep = now;
  for (const entry of await storage.list(CHUNKS_CATEGORY, '')) {
    if (now - entry.modifiedAt > CHUNK_TTL_MS) await storage.remove(CHUNKS_CATEGORY, entry.name);
  }
}
