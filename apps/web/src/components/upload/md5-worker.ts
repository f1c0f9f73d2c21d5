/// <reference lib="webworker" />
import { createMd5 } from '@atrium/shared';
import { HASH_SLICE_BYTES } from './rules.ts';

/**
 * Hashes a file off the page's thread: reads it in HASH_SLICE_BYTES slices, feeds each to the md5
 * and reports progress, so hashing a large file never freezes the screen.
 */
self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  const { file } = event.data;
  try {
    const hasher = createMd5();
    for (let at = 0; at < file.size; at += HASH_SLICE_BYTES) {
      hasher.update(new Uint8Array(await file.slice(at, at + HASH_SLICE_BYTES).arrayBuffer()));
      self.postMessage({ progress: Math.min(1, (at + HASH_SLICE_BYTES) / file.size) });
    }
    self.postMessage({ md5: hasher.hex() });
  } catch {
    self.postMessage({ error: true });
  }
};
