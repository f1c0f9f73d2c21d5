/**
 * Which addresses the external-link page may frame: same-origin paths ('/api/docs/') and http(s)
 * URLs. Anything else ('javascript:', 'data:', protocol-relative '//host') is refused.
 */
export function frameableUrl(raw: string | null | undefined): string | null {
  const url = (raw ?? '').trim();
  if (!url) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
