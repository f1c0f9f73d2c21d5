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
});
