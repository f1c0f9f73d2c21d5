import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('settings from the environment', () => {
  it('LOG_FORMAT picks readable lines or JSON, and refuses anything else by name', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    // Production logs are for machines, whatever the terminal.
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be pretty or json, got "xml"/);
  });

  it('METRICS_TOKEN opens /metrics; unset, it stays empty', () => {
    expect(loadConfig({}).metricsToken).toBe('');
    expect(loadConfig({ METRICS_TOKEN: 's3cret' }).metricsToken).toBe('s3cret');
  });

  it('S3_* picks the object store for files; none of them keeps the local folder', () => {
    expect(loadConfig({}).s3).toBeNull();
    const keys = { S3_BUCKET: 'atrium-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    // AWS itself: no endpoint, host-style addressing.
    expect(loadConfig(keys).s3).toEqual({
      endpoint: '',
      region: 'us-east-1',
      bucket: 'atrium-files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    // A self-hosted store: path style unless told otherwise; the prefix ends in a slash.
    const minio = loadConfig({
      ...keys,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_PREFIX: 'prod/a',
    });
    expect(minio.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      prefix: 'prod/a/',
    });
    expect(
      loadConfig({ ...keys, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses a half-configured object store at start-up, naming the setting to fix', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000', ...keys })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'atrium-files' })).toThrow(
      /S3_BUCKET is set but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'atrium-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_BUCKET is set but S3_SECRET_ACCESS_KEY is not/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Atrium_Files', ...keys })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'atrium', S3_ENDPOINT: 'minio:9000', ...keys })).toThrow(
      /S3_ENDPOINT must be an http:\/\/ or https:\/\/ address/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'atrium', S3_ENDPOINT: 'http://u:p@minio', ...keys })).toThrow(
      /without credentials/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'atrium', S3_PREFIX: '../up', ...keys })).toThrow(/S3_PREFIX may hold/);
    expect(() => loadConfig({ S3_BUCKET: 'atrium', S3_PREFIX: '/abs', ...keys })).toThrow(/S3_PREFIX may hold/);
    expect(() => loadConfig({ S3_BUCKET: 'atrium', S3_FORCE_PATH_STYLE: 'maybe', ...keys })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false, got "maybe"/,
    );
  });
});
