import { downloadFileLink } from '../../api/file-link.ts';

/**
 * Downloads a generated workbook: the server answers `data.url`, a link with a ticket for the caller
 * (no token needed). A refused link (it expired: ask for the workbook again) shows the server's message.
 */
export function downloadFile(url: string): void {
  void downloadFileLink(url);
}
