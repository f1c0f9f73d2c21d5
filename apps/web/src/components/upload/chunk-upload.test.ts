import { createMd5 } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { ChunkUpload, type FileRecord, type UploadSnapshot } from './chunk-upload.ts';
import { CHUNK_BYTES } from './rules.ts';

const bytes = Uint8Array.from({ length: CHUNK_BYTES * 2 + 17 }, (_, i) => (i * 31) % 256);
const md5 = createMd5().update(bytes).hex();
const record: FileRecord = {
  name: 'big.zip',
  fileId: 'F.zip',
  fileSize: bytes.length,
  fileExtension: 'zip',
  url: '/u',
};

function start(onDone = vi.fn()) {
  const states: UploadSnapshot[] = [];
  const upload = new ChunkUpload(new File([bytes as BlobPart], 'big.zip', { type: 'application/zip' }), {
    onChange: (s) => states.push(s),
    onDone,
    texts: { readError: (name) => `cannot read ${name}`, failed: 'Upload failed' },
    retryDelayMs: 0,
  });
  upload.start();
  return { upload, states, onDone };
}

const settled = async (upload: ChunkUpload, state: string) =>
  vi.waitFor(() => expect(upload.state.state).toBe(state), { timeout: 5000 });

/** The chunk numbers of the POSTed chunks, in order. */
async function chunkNumbers(calls: { url: URL; init: RequestInit }[]) {
  const out: number[] = [];
  for (const c of calls)
    if (c.url.pathname.endsWith('/api/file/chunk') && c.init.method === 'POST')
      out.push(Number((c.init.body as FormData).get('chunkNumber')));
  return out;
}

describe('ChunkUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('S2-4-17 S2-9-04 S2-3-48 hashes first, skips the chunks the server holds, sends the rest in 5 242 880-byte chunks and merges', async () => {
    mockFeedback();
    const { calls } = mockFetch((url, init) => {
      if (url.pathname.endsWith('/api/file/chunk') && init.method !== 'POST')
        return jsonResponse(envelope({ uploaded: false, chunkNumbers: [2], merge: false }));
      if (url.pathname.endsWith('/api/file/merge')) return jsonResponse(envelope(record));
      return jsonResponse(envelope({}));
    });
    const { upload, states, onDone } = start();
    await settled(upload, 'success');
    expect(states[0]!.state).toBe('hashing');
    const test = calls[0]!.url;
    expect(test.pathname).toBe('/prod/api/file/chunk');
    expect(
      Object.fromEntries(
        ['identifier', 'fileName', 'fileSize', 'totalChunks', 'extension', 'type', 'fileType'].map((k) => [
          k,
          test.searchParams.get(k),
        ]),
      ),
    ).toEqual({
      identifier: md5,
      fileName: 'big.zip',
      fileSize: String(bytes.length),
      totalChunks: '3',
      extension: 'zip',
      type: 'annex',
      fileType: 'application/zip',
    });
    expect(await chunkNumbers(calls)).toEqual([1, 3]);
    const sent = calls.filter((c) => c.init.method === 'POST' && c.url.pathname.endsWith('/chunk'));
    expect(((sent[0]!.init.body as FormData).get('file') as Blob).size).toBe(CHUNK_BYTES);
    expect(((sent[1]!.init.body as FormData).get('file') as Blob).size).toBe(17);
    expect(JSON.parse(calls.at(-1)!.init.body as string)).toMatchObject({ identifier: md5, totalChunks: 3 });
    expect(onDone).toHaveBeenCalledWith(record);
    expect(upload.state).toMatchObject({ state: 'success', progress: 1, instant: false });
  });

  it('S2-4-16 completes instantly when the server has the hash: no chunk is sent', async () => {
    const { calls } = mockFetch((url) =>
      url.pathname.endsWith('/merge')
        ? jsonResponse(envelope(record))
        : jsonResponse(envelope({ uploaded: true, chunkNumbers: [], merge: false })),
    );
    const { upload } = start();
    await settled(upload, 'success');
    expect(await chunkNumbers(calls)).toEqual([]);
    expect(upload.state.instant).toBe(true);
  });

  it('S2-9-05 S2-4-18 tries a failing chunk 6 times (5 retries), stops with an error, and retry resumes from what the server holds', async () => {
    mockFeedback();
    let down = true;
    const { calls } = mockFetch((url, init) => {
      if (url.pathname.endsWith('/merge')) return jsonResponse(envelope(record));
      if (init.method === 'POST') {
        if (down) throw new TypeError('network down');
        return jsonResponse(envelope({}));
      }
      return jsonResponse(envelope({ uploaded: false, chunkNumbers: down ? [] : [1, 2], merge: false }));
    });
    const { upload } = start();
    await settled(upload, 'error');
    expect(await chunkNumbers(calls)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(upload.state.error).toBe('Upload failed');
    down = false;
    calls.length = 0;
    upload.retry();
    await settled(upload, 'success');
    expect(await chunkNumbers(calls)).toEqual([3]);
  });

  it('S2-5-08 S2-8-01 stops at once with the server message when a chunk is refused', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse({ code: 400, msg: 'Invalid file: has the wrong length' }, 400)
        : jsonResponse(envelope({ uploaded: false, chunkNumbers: [], merge: false })),
    );
    const { upload } = start();
    await settled(upload, 'error');
    expect(await chunkNumbers(calls)).toEqual([1]);
    expect(upload.state.error).toBe('Invalid file: has the wrong length');
    expect(feedback.message.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Invalid file: has the wrong length' }),
    );
  });

  it('S2-4-18 pauses the chunk in flight and resumes from the test', async () => {
    mockFeedback();
    let release: (() => void) | null = null;
    const { calls } = mockFetch(async (url, init) => {
      if (url.pathname.endsWith('/merge')) return jsonResponse(envelope(record));
      if (init.method === 'POST') {
        // The first chunk hangs until aborted.
        if (!release) {
          await new Promise<void>((resolve, reject) => {
            release = resolve;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return jsonResponse(envelope({}));
      }
      return jsonResponse(envelope({ uploaded: false, chunkNumbers: [], merge: false }));
    });
    const { upload } = start();
    await vi.waitFor(() => expect(release).not.toBeNull(), { timeout: 5000 });
    upload.pause();
    expect(upload.state.state).toBe('paused');
    upload.resume();
    await settled(upload, 'success');
    expect(await chunkNumbers(calls)).toEqual([1, 1, 2, 3]);
  });
});
