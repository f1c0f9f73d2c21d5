/** The part of s3rver (a fake S3 server for tests; it ships no types) the test harness uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0: any free port (read it from what run() answers). */
    port?: number;
    silent?: boolean;
    /** Folder the buckets and objects are kept in. */
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
