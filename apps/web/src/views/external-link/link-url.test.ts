import { describe, expect, it } from 'vitest';
import { frameableUrl } from './link-url.ts';

describe('frameableUrl', () => {
  it('accepts same-origin paths and http(s) URLs', () => {
    expect(frameableUrl('/api/docs/')).toBe('/api/docs/');
    expect(frameableUrl(' https://example.org/a?b=1 ')).toBe('https://example.org/a?b=1');
    expect(frameableUrl('http://intranet.local/')).toBe('http://intranet.local/');
  });

  it('refuses scripts, data, protocol-relative and empty addresses', () => {
    expect(frameableUrl('javascript:alert(1)')).toBeNull();
    expect(frameableUrl('data:text/html,<script>1</script>')).toBeNull();
    expect(frameableUrl('//evil.example/')).toBeNull();
    expect(frameableUrl('/\\evil.example/')).toBeNull();
    expect(frameableUrl('docs')).toBeNull();
    expect(frameableUrl('')).toBeNull();
    expect(frameableUrl(null)).toBeNull();
  });
});
