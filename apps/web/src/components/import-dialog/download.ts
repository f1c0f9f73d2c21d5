import { apiUrl } from '../../api/request.ts';

/**
 * Opens a generated file: the server answers `data.url`, an API path under an unguessable name
 * (no token needed), which the browser downloads through a temporary link.
 */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = /^https?:\/\//i.test(url) ? url : apiUrl(url);
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
