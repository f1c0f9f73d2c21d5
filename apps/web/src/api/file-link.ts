import { toastError } from '../app/feedback.ts';
import i18n from '../locales/index.ts';
import { apiUrl } from './request.ts';

/**
 * Links to files are handed out by the server with each list or detail (docs/files.md): a private
 * file's link carries its own short-lived ticket, so it needs no token and is used exactly as given.
 * The client never builds one. API paths are served under the API base; other addresses stay as they are.
 */
export function fileLinkHref(url: string): string {
  return url.startsWith('/api/') ? apiUrl(url) : url;
}

/** The download name the server gave (`filename*=UTF-8''...`), if any. */
function dispositionName(header: string | null): string | undefined {
  const encoded = header && /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (!encoded) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * Downloads the file behind a link the server handed out. A refused link (expired, or the user may no
 * longer see the file) answers the envelope instead of the file: its message is shown and false is
 * answered, so the caller can ask its list again for a fresh link.
 */
export async function downloadFileLink(url: string, fileName?: string): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(fileLinkHref(url), { headers: { 'Accept-Language': i18n.language } });
  } catch {
    toastError(i18n.t('request.defaultError'));
    return false;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    let msg: string | undefined;
    try {
      msg = ((await response.json()) as { msg?: string } | null)?.msg;
    } catch {
      msg = undefined;
    }
    toastError(msg || i18n.t('request.defaultError'));
    return false;
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = fileName ?? dispositionName(response.headers.get('content-disposition')) ?? '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return true;
}
