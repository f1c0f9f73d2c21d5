import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where stored files live, behind one interface (docs/files.md). Files are addressed by a category
 * (a folder-like group: annex, userAvatar ...) and a name the server generated; neither ever comes
 * from a client unchecked. The local folder is the store today; an S3-compatible store implements
 * the same methods (categories as key prefixes) and is picked by configuration.
 */
export interface FileStorage {
  /** Stores a file, replacing one of the same name; a stream is written to its end first. */
  put(category: string, name: string, data: Buffer | Readable): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(category: string, name: string): Promise<Readable | null>;
  /** Size and last change of a file, or null when there is no such file. */
  stat(category: string, name: string): Promise<{ size: number; modifiedAt: number } | null>;
  /** Copies a stored file under another category or name (instant uploads reuse stored bytes). */
  copy(from: { category: string; name: string }, to: { category: string; name: string }): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(category: string, name: string): Promise<void>;
  /**
   * A path on this machine's disk holding the file, for tools that only read paths (the office
   * converter). A remote store downloads into `scratchDir` and answers that copy.
   */
  localPath(category: string, name: string, scratchDir: string): Promise<string | null>;
}

/** Generated names are letters, digits, dots, dashes and underscores; anything else is a bug upstream. */
const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function checkedPart(part: string): string {
  if (!SAFE.test(part) || part.includes('..')) throw new Error(`unsafe storage name: ${JSON.stringify(part)}`);
  return part;
}

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
    async open(category, name) {
      const file = fileOf(category, name);
      return (await exists(file)) ? createReadStream(file) : null;
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
    async localPath(category, name) {
      const file = fileOf(category, name);
      return (await exists(file)) ? file : null;
    },
  };
}

/** Reads a whole small stored file (an index entry, a marker) as text, or null when missing. */
export async function readText(storage: FileStorage, category: string, name: string): Promise<string | null> {
  const stream = await storage.open(category, name);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
