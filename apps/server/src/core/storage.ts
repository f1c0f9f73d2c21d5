import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { checkedPart, SAFE_NAME } from './storage-names.ts';

/** A stored file as a listing names it. */
export interface StoredEntry {
  name: string;
  size: number;
  modifiedAt: number;
}

/** Bytes `start` to `end` of a file, both included, as HTTP ranges count them; no end: to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Where stored files live, behind one interface (docs/files.md, docs/operations.md). Files are
 * addressed by a category (a folder-like group: annex, userAvatar ...) and a name the server
 * generated; neither ever comes from a client unchecked. The local folder is the default store; an
 * S3-compatible object store (core/s3-storage.ts) implements the same methods, categories becoming
 * key prefixes, and is picked by the S3_* settings.
 */
export interface FileStorage {
  /** 'local' or 's3': what readiness reports on. */
  readonly kind: 'local' | 's3';
  /**
   * Stores a file, replacing one of the same name; a stream is written to its end first. Readers
   * never see half a file: it appears whole or not at all.
   */
  put(category: string, name: string, data: Buffer | Readable): Promise<void>;
  /** The file's bytes (or those of `range`) as a stream, or null when there is no such file. */
  open(category: string, name: string, range?: ByteRange): Promise<Readable | null>;
  /** Size and last change of a file, or null when there is no such file. */
  stat(category: string, name: string): Promise<{ size: number; modifiedAt: number } | null>;
  /** Copies a stored file under another category or name (instant uploads reuse stored bytes). */
  copy(from: { category: string; name: string }, to: { category: string; name: string }): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(category: string, name: string): Promise<void>;
  /** The files of a category whose names start with `prefix` ('' for all), in no particular order. */
  list(category: string, prefix: string): Promise<StoredEntry[]>;
  /**
   * A path on this machine's disk holding the file, for tools that only read paths (the office
   * converter). A remote store downloads into `scratchDir` and answers that copy, which the caller
   * removes.
   */
  localPath(category: string, name: string, scratchDir: string): Promise<string | null>;
  /** Resolves when the store can be written (local) or reached (remote); else throws why not. */
  check(): Promise<void>;
  /** Lets go of connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** Written beside the target and renamed (local store); such names are never listed. */
const PARTIAL = /\.partial$/;

/** The local folder store: `<dataDir>/files/<category>/<name>`. */
export function localStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const fileOf = (category: string, name: string) => path.join(root, checkedPart(category), checkedPart(name));
  const exists = async (file: string) => {
    try {
      return (await fs.stat(file)).isFile();
    } catch {
      return false;
    }
  };
  return {
    kind: 'local',
    async put(category, name, data) {
      const file = fileOf(category, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a file, a failed write leaves none.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      try {
        if (Buffer.isBuffer(data)) await fs.writeFile(partial, data);
        else await pipeline(data, createWriteStream(partial));
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async open(category, name, range) {
      const file = fileOf(category, name);
      if (!(await exists(file))) return null;
      return range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
    },
    async stat(category, name) {
      try {
        const s = await fs.stat(fileOf(category, name));
        return s.isFile() ? { size: s.size, modifiedAt: s.mtimeMs } : null;
      } catch {
        return null;
      }
    },
    async copy(from, to) {
      const target = fileOf(to.category, to.name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // A copy-on-write clone where the file system has one, else a plain copy.
      await fs.copyFile(fileOf(from.category, from.name), target, fs.constants.COPYFILE_FICLONE);
    },
    async remove(category, name) {
      await fs.rm(fileOf(category, name), { force: true });
    },
    async list(category, prefix) {
      const dir = path.join(root, checkedPart(category));
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const entries: StoredEntry[] = [];
      for (const name of names) {
        if (!name.startsWith(prefix) || !SAFE_NAME.test(name) || PARTIAL.test(name)) continue;
        const s = await fs.stat(path.join(dir, name)).catch(() => null);
        // Gone meanwhile, or a folder of an older layout: not a stored file.
        if (s?.isFile()) entries.push({ name, size: s.size, modifiedAt: s.mtimeMs });
      }
      return entries;
    },
    async localPath(category, name) {
      const file = fileOf(category, name);
      return (await exists(file)) ? file : null;
    },
    async check() {
      // The folder is made on first use; ready means it can be, and can be written.
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
    async close() {},
  };
}

/**
 * The store the settings ask for: the S3-compatible one when S3_BUCKET is set, else the local folder.
 * The S3 client is loaded only then, so an instance on the local folder never pays for it.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return localStorage(config.dataDir);
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config.s3);
}

/**
 * The store of each running app, by its data folder. Some callers name "this instance's files" by
 * the data folder alone (the spreadsheet helpers of modules that predate the store in Services);
 * they reach the same store as `services.storage` through it. A folder no app runs on is the local
 * folder store, as before.
 */
const bound = new Map<string, FileStorage>();

/** Makes `storage` the store of `dataDir` until the answered function is called. */
export function bindStorage(dataDir: string, storage: FileStorage): () => void {
  const key = path.resolve(dataDir);
  bound.set(key, storage);
  return () => {
    if (bound.get(key) === storage) bound.delete(key);
  };
}

/** A store, or a data folder standing for the store of the app running on it. */
export type StorageRef = FileStorage | string;

export function storageOf(ref: StorageRef): FileStorage {
  if (typeof ref !== 'string') return ref;
  return bound.get(path.resolve(ref)) ?? localStorage(ref);
}

/** Reads a whole small stored file (an index entry, a marker, an uploaded workbook), or null when missing. */
export async function readBytes(storage: FileStorage, category: string, name: string): Promise<Buffer | null> {
  const stream = await storage.open(category, name);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Reads a whole small stored file as text, or null when missing. */
export async function readText(storage: FileStorage, category: string, name: string): Promise<string | null> {
  return (await readBytes(storage, category, name))?.toString('utf8') ?? null;
}

/** The first `count` bytes of a stored file (fewer when it is shorter), or null when it is missing. */
export async function firstBytes(
  storage: FileStorage,
  category: string,
  name: string,
  count: number,
): Promise<Buffer | null> {
  const stream = await storage.open(category, name, { start: 0, end: count - 1 });
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).subarray(0, count);
}
