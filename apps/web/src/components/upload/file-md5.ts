import { createMd5 } from '@atrium/shared';
import { HASH_SLICE_BYTES } from './rules.ts';

/** The file could not be read (moved, removed, no permission): the upload stops with its name. */
export class FileReadError extends Error {
  constructor(readonly fileName: string) {
    super(`cannot read ${fileName}`);
    this.name = 'FileReadError';
  }
}

async function hashHere(file: Blob, onProgress: (share: number) => void): Promise<string> {
  const hasher = createMd5();
  for (let at = 0; at < file.size; at += HASH_SLICE_BYTES) {
    hasher.update(new Uint8Array(await file.slice(at, at + HASH_SLICE_BYTES).arrayBuffer()));
    onProgress(Math.min(1, (at + HASH_SLICE_BYTES) / file.size));
  }
  return hasher.hex();
}

/**
 * The md5 of a file, read in 10 240 000-byte slices in a Web Worker; where workers are missing (the
 * unit-test DOM) the same slices are hashed here. Rejects with FileReadError when reading fails.
 */
export function fileMd5(file: File, onProgress: (share: number) => void = () => {}): Promise<string> {
  if (typeof Worker === 'undefined')
    return hashHere(file, onProgress).catch(() => {
      throw new FileReadError(file.name);
    });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ progress?: number; md5?: string; error?: boolean }>) => {
      if (event.data.progress !== undefined) onProgress(event.data.progress);
      if (event.data.md5) {
        worker.terminate();
        resolve(event.data.md5);
      }
      if (event.data.error) {
        worker.terminate();
        reject(new FileReadError(file.name));
      }
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new FileReadError(file.name));
    };
    worker.postMessage({ file });
  });
}
