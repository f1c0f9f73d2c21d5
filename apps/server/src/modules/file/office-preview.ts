import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { FileStorage } from '../../core/storage.ts';

/**
 * Office documents are previewed as PDF, converted by LibreOffice (`soffice --headless --convert-to
 * pdf`) when it is installed on the server. The conversion runs in a child process (never on the
 * request thread), one at a time, within CONVERT_TIMEOUT_MS, and its PDF is kept in the store so a
 * file is converted once. Without LibreOffice the preview answers "download instead".
 */

export const OFFICE_EXTENSIONS = new Set([
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'txt',
  'csv',
]);
export const CONVERT_TIMEOUT_MS = 60_000;
export const PREVIEW_CACHE_CATEGORY = 'previewCache';
export const previewCacheName = (fileId: string) => `${fileId}.pdf`;

/** The LibreOffice program on PATH (looked up on every conversion: it may be installed later). */
export async function findOffice(): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const file = path.join(dir, name);
      try {
        await fs.access(file, fs.constants.X_OK);
        return file;
      } catch {
        // not in this folder
      }
    }
  }
  return null;
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: CONVERT_TIMEOUT_MS, killSignal: 'SIGKILL' }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

/** Conversions under way, by file: a second preview of the same file waits for the first. */
const running = new Map<string, Promise<boolean>>();
/** One conversion at a time: LibreOffice is heavy and the machine serves requests too. */
let queue: Promise<unknown> = Promise.resolve();

async function convert(storage: FileStorage, category: string, fileId: string, extension: string): Promise<boolean> {
  const program = await findOffice();
  if (!program) return false;
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-preview-'));
  try {
    const stream = await storage.open(category, fileId);
    if (!stream) return false;
    // LibreOffice picks its filter by the extension, and the name of its output by the input's.
    const source = path.join(scratch, `source.${extension}`);
    await pipeline(stream, createWriteStream(source));
    await run(program, [
      // Its own profile folder: two instances never fight over one user profile.
      `-env:UserInstallation=file://${path.join(scratch, 'profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      scratch,
      source,
    ]);
    const pdf = await fs.readFile(path.join(scratch, 'source.pdf')).catch(() => null);
    if (!pdf || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
    await storage.put(PREVIEW_CACHE_CATEGORY, previewCacheName(fileId), pdf);
    return true;
  } catch {
    // A timeout, a crash or a document LibreOffice cannot read: the user downloads it instead.
    return false;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Whether a PDF of the office file is (now) in the preview cache. */
export async function officePdf(
  storage: FileStorage,
  category: string,
  fileId: string,
  extension: string,
): Promise<boolean> {
  if (await storage.stat(PREVIEW_CACHE_CATEGORY, previewCacheName(fileId))) return true;
  const key = `${category}/${fileId}`;
  let job = running.get(key);
  if (!job) {
    job = queue.then(() => convert(storage, category, fileId, extension));
    queue = job.catch(() => undefined);
    running.set(key, job);
    void job.finally(() => running.delete(key));
  }
  return job;
}
