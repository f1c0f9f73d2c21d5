import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config.ts';

/** A fake S3-compatible server for tests (s3rver), on a free loopback port, keeping its objects in a temp folder. */
export interface FakeS3 {
  /** Settings that reach it, as S3_* would give them (path style, its dummy keys). */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  endpoint: string;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** Starts s3rver with `buckets` created; s3rver accepts any signature made with the keys S3RVER/S3RVER. */
export async function startFakeS3(buckets: string[]): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (overrides = {}) => ({
      endpoint,
      region: 'us-east-1',
      bucket: buckets[0]!,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
      ...overrides,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
