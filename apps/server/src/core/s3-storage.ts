import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import type { FileStorage, StoredEntry } from './storage.ts';
import { checkedPart } from './storage-names.ts';

/**
 * Size of the parts a streamed file is sent in (S3 multipart upload). S3 wants at least 5 MiB per
 * part but the last; 8 MiB keeps one part in memory per upload under way and allows files of up to
 * 80 GB (10 000 parts), far past the upload limit.
 */
export const PART_BYTES = 8 * 1024 * 1024;
/** How long readiness waits for the store before calling it unreachable. */
const CHECK_TIMEOUT_MS = 3_000;

type Failure = { name?: string; $metadata?: { httpStatusCode?: number } };

/** The store answered that the key does not exist (a missing bucket is a fault, not a missing file). */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as Failure;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** A range past the end of the file (an empty file has no byte 0): nothing to read. */
const isPastEnd = (error: unknown) =>
  (error as Failure).name === 'InvalidRange' || (error as Failure).$metadata?.httpStatusCode === 416;

/**
 * Reads a stream into pieces of `size` bytes (the last one shorter), holding at most one piece and
 * the chunk being cut in memory.
 */
async function* piecesOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let yielded = false;
  for await (const chunk of stream) {
    let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      held.push(rest.subarray(0, take));
      yield Buffer.concat(held);
      yielded = true;
      rest = rest.subarray(take);
      held = [];
      heldBytes = 0;
    }
    if (rest.length) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  // The rest; or, for an empty stream, one empty piece (an empty file is still a file).
  if (heldBytes > 0 || !yielded) yield Buffer.concat(held);
}

/** A client of the store the settings name, as the store and the backup's bucket tools use it. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default adds CRC checksums in trailing headers, which many S3-compatible stores
    // (older MinIO, Ceph, test servers) refuse; checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it (and its user) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * The S3-compatible object store (AWS S3, MinIO, Ceph, a cloud's S3 API): a file is the object
 * `<prefix><category>/<name>` of one bucket. Downloads are the object's own stream, never buffered;
 * a streamed upload goes up in parts of PART_BYTES, so neither direction holds a whole file.
 */
export function s3Storage(settings: S3Settings, tuning: { listPage?: number } = {}): FileStorage {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const keyOf = (category: string, name: string) => `${settings.prefix}${checkedPart(category)}/${checkedPart(name)}`;

  async function putWhole(Key: string, Body: Buffer) {
    await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length }));
  }

  /** A stream of unknown length: one PutObject when it fits a part, else a multipart upload. */
  async function putStream(Key: string, stream: Readable) {
    const pieces = piecesOf(stream, PART_BYTES);
    // piecesOf yields at least one piece; a second one means the file does not fit one request.
    const first = (await pieces.next()).value ?? Buffer.alloc(0);
    const second = await pieces.next();
    if (second.done) return putWhole(Key, first);
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    const send = async (Body: Buffer) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.length }),
      );
      parts.push({ PartNumber, ETag });
    };
    try {
      await send(first);
      await send(second.value);
      for await (const piece of pieces) await send(piece);
      // The object appears only now, whole: readers never see a part of it.
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      // The parts sent so far are billed until aborted; a store that cannot abort (or is gone) leaves
      // them to the bucket's lifecycle rule for incomplete uploads (docs/operations.md).
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      stream.destroy();
      throw error;
    }
  }

  async function get(category: string, name: string, range?: { start: number; end?: number }) {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: keyOf(category, name),
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      // In Node the body is the HTTP response itself: bytes flow as the reader takes them.
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      if (range && isPastEnd(error)) return Readable.from([]);
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(category, name, data) {
      const Key = keyOf(category, name);
      if (Buffer.isBuffer(data)) await putWhole(Key, data);
      else await putStream(Key, data);
    },
    open: get,
    async stat(category, name) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(category, name) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified?.getTime() ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async copy(from, to) {
      // Copied inside the store: the bytes never pass through this instance.
      const source = keyOf(from.category, from.name);
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: keyOf(to.category, to.name),
          CopySource: `${Bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    },
    async remove(category, name) {
      // S3 answers a delete of a missing key as done.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(category, name) }));
    },
    async list(category, prefix) {
      const folder = `${settings.prefix}${checkedPart(category)}/`;
      const entries: StoredEntry[] = [];
      let marker: string | undefined;
      // ListObjects (v1), paged by the last key seen: every S3-compatible store takes it, while the
      // continuation tokens of v2 are something some stores cannot make (s3rver fails every
      // truncated v2 page on OpenSSL 3). AWS S3 keeps v1 for exactly this compatibility.
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({
            Bucket,
            Prefix: `${folder}${prefix}`,
            // S3's own page is 1 000 keys; tests ask for small pages to walk several.
            ...(tuning.listPage ? { MaxKeys: tuning.listPage } : {}),
            ...(marker ? { Marker: marker } : {}),
          }),
        );
        const contents = page.Contents ?? [];
        for (const item of contents) {
          const name = item.Key?.slice(folder.length) ?? '';
          // A deeper key was not written by this store.
          if (!name || name.includes('/')) continue;
          entries.push({ name, size: item.Size ?? 0, modifiedAt: item.LastModified?.getTime() ?? 0 });
        }
        if (!page.IsTruncated || contents.length === 0) return entries;
        marker = contents[contents.length - 1]!.Key;
      }
    },
    async localPath(category, name, scratchDir) {
      const stream = await get(category, name);
      if (!stream) return null;
      await fs.mkdir(scratchDir, { recursive: true });
      const file = path.join(scratchDir, `${randomBytes(8).toString('hex')}-${checkedPart(name)}`);
      try {
        await pipeline(stream, createWriteStream(file));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      return file;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    },
    async close() {
      client.destroy();
    },
  };
}
