import DOMPurify from 'dompurify';

/**
 * Rich text for `dangerouslySetInnerHTML`. The server sanitises notices when it stores them; the
 * browser cleans them again (DOMPurify), so no stored markup can run script here.
 */
export function safeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
