import { request, requestRaw, RequestError } from '../../api/request.ts';
import { toastError } from '../../app/feedback.ts';
import { fileMd5, FileReadError } from './file-md5.ts';
import { CHUNK_BYTES, CHUNK_RETRIES, extensionOf } from './rules.ts';

/** A stored attachment as the server answers it; a form's attachment field holds a list of these. */
export interface FileRecord {
  name: string;
  fileId: string;
  fileSize: number;
  fileExtension: string;
  fileVersionId?: string;
  url: string;
  hash?: string;
}

export type UploadState = 'waiting' | 'hashing' | 'uploading' | 'paused' | 'success' | 'error';

export interface UploadSnapshot {
  id: string;
  name: string;
  size: number;
  state: UploadState;
  /** 0..1 of the current phase (hashing, then sending). */
  progress: number;
  /** The server had the file already: nothing was sent. */
  instant: boolean;
  /** Why it failed: the server's message, a read error, or the generic failure. */
  error?: string;
  /** The failure was reading the file: the upload is cancelled rather than retried. */
  readError?: boolean;
  record?: FileRecord;
}

interface ChunkAnswer {
  uploaded: boolean;
  chunkNumbers: number[];
  merge: boolean;
}

export interface ChunkUploadOptions {
  /** The `type` the server stores the file as (attachments: annex). */
  type?: string;
  onChange: (snapshot: UploadSnapshot) => void;
  onDone: (record: FileRecord) => void;
  /** Message texts: a read failure (with the file name) and the generic upload failure. */
  texts: { readError: (name: string) => string; failed: string };
  /** Pause between attempts of one chunk, doubled each time (tests pass 0). */
  retryDelayMs?: number;
}

let counter = 0;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One file's chunked upload: hash it (md5, in a worker), ask the server what it holds (the whole
 * file: instant upload; some chunks: resume), send the missing chunks of 5 242 880 bytes with up to
 * 5 retries each, then merge. Pause aborts the chunk in flight; resume and retry start again from
 * what the server holds. A refusal from the server (a code other than 200) stops the file at once
 * with the server's message.
 */
export class ChunkUpload {
  readonly id = `upload-${(counter += 1)}`;
  private md5: string | null = null;
  private controller: AbortController | null = null;
  private snapshot: UploadSnapshot;
  private removed = false;

  constructor(
    readonly file: File,
    private readonly options: ChunkUploadOptions,
  ) {
    this.snapshot = { id: this.id, name: file.name, size: file.size, state: 'waiting', progress: 0, instant: false };
  }

  get state(): UploadSnapshot {
    return this.snapshot;
  }

  private set(next: Partial<UploadSnapshot>) {
    if (this.removed) return;
    this.snapshot = { ...this.snapshot, ...next };
    this.options.onChange(this.snapshot);
  }

  private get totalChunks() {
    return Math.max(1, Math.ceil(this.file.size / CHUNK_BYTES));
  }

  private shape() {
    return {
      identifier: this.md5!,
      fileName: this.file.name,
      fileSize: this.file.size,
      totalChunks: this.totalChunks,
      fileType: this.file.type,
      extension: extensionOf(this.file.name),
      type: this.options.type ?? 'annex',
    };
  }

  start(): void {
    void this.run();
  }

  pause(): void {
    if (this.snapshot.state !== 'uploading' && this.snapshot.state !== 'hashing') return;
    this.controller?.abort();
    this.set({ state: 'paused' });
  }

  resume(): void {
    if (this.snapshot.state === 'paused') void this.run();
  }

  retry(): void {
    if (this.snapshot.state === 'error') void this.run();
  }

  remove(): void {
    this.controller?.abort();
    this.removed = true;
  }

  private async run(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    const stopped = () => controller.signal.aborted || this.removed;
    this.set({ state: this.md5 ? 'uploading' : 'hashing', error: undefined, progress: 0 });
    try {
      if (!this.md5) {
        const md5 = await fileMd5(this.file, (share) => !stopped() && this.set({ progress: share }));
        if (stopped()) return;
        this.md5 = md5;
        this.set({ state: 'uploading', progress: 0 });
      }
      const test = await request<ChunkAnswer>({
        url: '/api/file/chunk',
        data: this.shape(),
        signal: controller.signal,
      });
      const held = new Set(test.data!.chunkNumbers);
      if (!test.data!.uploaded) {
        let sent = [...held].reduce((sum, n) => sum + this.chunkLength(n), 0);
        this.set({ progress: sent / Math.max(1, this.file.size) });
        for (let n = 1; n <= this.totalChunks; n += 1) {
          if (held.has(n)) continue;
          await this.sendChunk(n, controller.signal);
          if (stopped()) return;
          sent += this.chunkLength(n);
          this.set({ progress: sent / Math.max(1, this.file.size) });
        }
      }
      const merged = await request<FileRecord>({
        url: '/api/file/merge',
        method: 'POST',
        data: this.shape(),
        signal: controller.signal,
      });
      if (stopped()) return;
      this.set({ state: 'success', progress: 1, instant: test.data!.uploaded, record: merged.data! });
      this.options.onDone(merged.data!);
    } catch (error) {
      if (stopped()) return;
      if (error instanceof FileReadError) {
        this.set({ state: 'error', error: this.options.texts.readError(error.fileName), readError: true });
        return;
      }
      // A failed merge (the md5 differs) drops the chunks on the server: hash and send again next time.
      const message = error instanceof RequestError && error.response ? error.message : this.options.texts.failed;
      this.set({ state: 'error', error: message });
    }
  }

  private chunkLength(n: number) {
    return n < this.totalChunks ? CHUNK_BYTES : this.file.size - (this.totalChunks - 1) * CHUNK_BYTES;
  }

  /** One chunk, tried up to 1 + CHUNK_RETRIES times; a server refusal is not retried. */
  private async sendChunk(n: number, signal: AbortSignal): Promise<void> {
    const delay = this.options.retryDelayMs ?? 500;
    for (let attempt = 0; ; attempt += 1) {
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...this.shape(), chunkNumber: n })) body.append(key, String(value));
      body.append('file', this.file.slice((n - 1) * CHUNK_BYTES, n * CHUNK_BYTES), this.file.name);
      let answer: { code?: number; msg?: string } | Blob;
      try {
        answer = await requestRaw<{ code?: number; msg?: string }>({
          url: '/api/file/chunk',
          method: 'POST',
          data: body,
          signal,
          timeout: 120_000,
        });
      } catch (error) {
        if (signal.aborted || attempt >= CHUNK_RETRIES) throw error;
        await wait(delay * 2 ** attempt);
        continue;
      }
      if (!(answer instanceof Blob) && answer.code === 200) return;
      const msg = answer instanceof Blob ? undefined : answer.msg;
      // Like every refused call: the server's reason is shown, and this file stops.
      toastError(msg || this.options.texts.failed);
      throw new RequestError(msg || this.options.texts.failed, answer instanceof Blob ? null : (answer.code ?? null), {
        code: answer instanceof Blob ? 500 : (answer.code ?? 500),
        msg: msg ?? '',
      } as never);
    }
  }
}
