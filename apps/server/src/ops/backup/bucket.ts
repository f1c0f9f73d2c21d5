import { CopyObjectCommand, ListObjectsCommand } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import { s3Client, s3Storage } from '../../core/s3-storage.ts';
import type { FileStorage } from '../../core/storage.ts';
import { checkedPart } from '../../core/storage-names.ts';
import { BackupError } from './archive.ts';

/**
 * The S3-compatible store as backup and restore see it. Files are read and written through the
 * store itself (core/s3-storage.ts: stat, open, put, remove), so they are the same objects the
 * server serves. Two things the FileStorage interface has no method for need a client of their own:
 * listing every key under the prefix (the store lists one category at a time and has no list of
 * categories) and copying objects outside the prefix (where a forced restore moves replaced files).
 */

/** A file of the store: `<prefix><category>/<name>`. */
export interface StoredFile {
  category: string;
  name: string;
  size: number;
}

export interface Bucket {
  /** The store: what reads and writes the files. */
  storage: FileStorage;
  /** `s3://bucket/prefix`: where the files are, as a key's beginning. */
  url: string;
  /** The same with the endpoint, for messages and the manifest (never the keys). */
  where: string;
  /**
   * Every file the store holds under its prefix, in key order (by category, then name), and the
   * keys under the prefix the store did not write (a deeper key, a name it would refuse), which are
   * left alone. In-progress multipart uploads are no objects yet and are not listed: they are the
   * store's counterpart of the local folder's `*.partial` files.
   */
  files(): Promise<{ files: StoredFile[]; foreign: string[] }>;
  /**
   * Moves `files` under the prefix `<prefix without its slash>-<label>/` (`<label>/` for an empty
   * prefix): copied inside the store, all of them first, then removed, so a failure part-way leaves
   * every file in place. Answers where they went.
   */
  moveAside(files: StoredFile[], label: string): Promise<string>;
  close(): Promise<void>;
}

/** Whether the store could have written this category or name (the rule put() enforces). */
export function isStoreName(part: string): boolean {
  try {
    checkedPart(part);
    return true;
  } catch {
    return false;
  }
}

/** Opens the store the settings name and checks that the bucket answers; refuses with why when it does not. */
export async function openBucket(settings: S3Settings, tuning: { listPage?: number } = {}): Promise<Bucket> {
  const url = `s3://${settings.bucket}/${settings.prefix}`;
  const where = `${url}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  const storage = s3Storage(settings);
  try {
    await storage.check();
  } catch (error) {
    await storage.close();
    // HeadBucket answers with a status and no body: the status is what says why.
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'there is no such bucket'
        : status === 401 || status === 403
          ? 'the store refuses the keys'
          : (error as Error).name === 'TimeoutError'
            ? 'no answer'
            : (error as Error).message || (error as Error).name;
    throw new BackupError(
      `Cannot reach the bucket ${where} (${reason}): check S3_ENDPOINT, S3_BUCKET and the keys. Nothing was changed.`,
    );
  }
  const client = s3Client(settings);
  const Bucket = settings.bucket;

  return {
    storage,
    url,
    where,
    async files() {
      const files: StoredFile[] = [];
      const foreign: string[] = [];
      let marker: string | undefined;
      // Every key under the prefix, in key order. ListObjects (v1) paged by the last key, for the
      // reason the store's own list gives (core/s3-storage.ts).
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({
            Bucket,
            Prefix: settings.prefix,
            // S3's own page is 1 000 keys; tests ask for small pages to walk several.
            ...(tuning.listPage ? { MaxKeys: tuning.listPage } : {}),
            ...(marker ? { Marker: marker } : {}),
          }),
        );
        const contents = page.Contents ?? [];
        for (const item of contents) {
          const key = item.Key ?? '';
          const parts = key.slice(settings.prefix.length).split('/');
          if (parts.length === 2 && parts.every(isStoreName))
            files.push({ category: parts[0]!, name: parts[1]!, size: item.Size ?? 0 });
          else foreign.push(key);
        }
        if (!page.IsTruncated || contents.length === 0) return { files, foreign };
        marker = contents[contents.length - 1]!.Key;
      }
    },
    async moveAside(files, label) {
      const aside = settings.prefix ? `${settings.prefix.slice(0, -1)}-${label}/` : `${label}/`;
      const encode = (key: string) => key.split('/').map(encodeURIComponent).join('/');
      for (const file of files) {
        const key = `${file.category}/${file.name}`;
        // Copied inside the store: the bytes do not pass through this machine.
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: `${aside}${key}`,
            CopySource: `${Bucket}/${encode(`${settings.prefix}${key}`)}`,
          }),
        );
      }
      for (const file of files) await storage.remove(file.category, file.name);
      return `s3://${Bucket}/${aside}`;
    },
    async close() {
      client.destroy();
      await storage.close();
    },
  };
}
