import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { badField, fail } from '../../core/errors.ts';
import { categoryDir } from '../../core/files.ts';
import { CONTROL_CHARS } from '../../core/record-schema.ts';

/**
 * Chunked uploads (docs/files.md). A browser cuts a file into chunks of CHUNK_BYTES (the last one
 * shorter), names the whole by its md5 and sends the chunks one by one; the server keeps them
 * per uploader and md5 until the merge, which joins them, checks the md5 of the whole and stores the
 * file. Chunks are working data on this machine's disk, never in the file store.
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

/** Chunk folders are per uploader: nobody adds to, reads or learns of another user's chunks. */
function uploadDir(dataDir: string, userId: string, identifier: string): string {
  const owner = createHash('sha256').update(userId).digest('hex').slice(0, 24);
  return path.join(categoryDir(dataDir, CHUNKS_CATEGORY), owner, identifier);
}

const chunkFile = (dir: string, n: number) => path.join(dir, `${n}.chunk`);

/** The chunk numbers (1-based) held for this upload, in order. */
export async function storedChunks(dataDir: string, userId: string, shape: UploadShape): Promise<number[]> {
  const dir = uploadDir(dataDir, userId, shape.identifier);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const held: number[] = [];
  for (const name of names) {
    const m = /^(\d+)\.chunk$/.exec(name);
    if (!m) continue;
    const n = Number(m[1]);
    if (n < 1 || n > shape.totalChunks) continue;
    // A chunk of another declared size (the same md5 sent with a wrong size) does not count.
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.size === chunkLength(shape.fileSize, n)) held.push(n);
  }
  return held.sort((a, b) => a - b);
}

/** Keeps one chunk; written aside and renamed so a cut connection never leaves half a chunk counted. */
export async function storeChunk(
  dataDir: string,
  userId: string,
  shape: UploadShape,
  chunkNumber: number,
  bytes: Buffer,
): Promise<void> {
  const expected = chunkLength(shape.fileSize, chunkNumber);
  if (bytes.length !== expected) throw badField('file', 'chunkLengthWrong', { size: expected });
  const dir = uploadDir(dataDir, userId, shape.identifier);
  await fs.mkdir(dir, { recursive: true });
  const target = chunkFile(dir, chunkNumber);
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, target);
}

/** Forgets an upload's chunks. */
export async function dropChunks(dataDir: string, userId: string, identifier: string): Promise<void> {
  await fs.rm(uploadDir(dataDir, userId, identifier), { recursive: true, force: true });
}

/**
 * Joins the chunks into one file beside them, hashing as it goes, and answers its path when the md5
 * is the declared one. A missing chunk or another md5 is refused; a wrong md5 also drops the chunks,
 * since one of them is damaged and the client must send them again.
 */
export async function joinChunks(dataDir: string, userId: string, shape: UploadShape): Promise<string> {
  const held = await storedChunks(dataDir, userId, shape);
  if (held.length !== shape.totalChunks) {
    const missing = Array.from({ length: shape.totalChunks }, (_, i) => i + 1).filter((n) => !held.includes(n));
    throw fail('chunksMissing', { chunks: missing.slice(0, 10).join(', ') });
  }
  const dir = uploadDir(dataDir, userId, shape.identifier);
  const joined = path.join(dir, `joined.${process.pid}.${Date.now()}`);
  const hash = createHash('md5');
  const out = createWriteStream(joined);
  try {
    for (let n = 1; n <= shape.totalChunks; n += 1) {
      for await (const part of createReadStream(chunkFile(dir, n))) {
        hash.update(part as Buffer);
        if (!out.write(part)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    out.destroy();
    await fs.rm(joined, { force: true });
    throw error;
  }
  const md5 = hash.digest('hex');
  if (md5 !== shape.identifier) {
    await dropChunks(dataDir, userId, shape.identifier);
    throw fail('fileMd5Mismatch', { expected: shape.identifier, actual: md5 });
  }
  return joined;
}

let lastSweep = 0;

/** Removes chunk folders untouched for CHUNK_TTL_MS; runs at most once an hour, on any upload call. */
export async function sweepStaleChunks(dataDir: string, now: number): Promise<void> {
  if (now - lastSweep < 60 * 60 * 1000) return;
  lastSweep = now;
  const root = categoryDir(dataDir, CHUNKS_CATEGORY);
  const owners = await fs.readdir(root).catch(() => [] as string[]);
  for (const owner of owners) {
    const uploads = await fs.readdir(path.join(root, owner)).catch(() => [] as string[]);
    for (const upload of uploads) {
      const dir = path.join(root, owner, upload);
      const stat = await fs.stat(dir).catch(() => null);
      if (stat && now - stat.mtimeMs > CHUNK_TTL_MS) await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
