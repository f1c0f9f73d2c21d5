import type { ImportPreview, ImportResult } from '@atrium/shared';
import { request } from '../../api/request.ts';
import type { ImportApi } from './import-dialog.tsx';

/**
 * The import calls of a module under its base URL (`/api/permission/Users` ...): Uploader (multipart,
 * answers the stored name), TemplateDownload, ImportPreview, ImportData and ImportExceptionData (the
 * last two answer a download link with its ticket).
 */
export function importApiFor(base: string): ImportApi {
  return {
    uploadUrl: `${base}/Uploader`,
    template: async () => (await request<{ url: string }>({ url: `${base}/TemplateDownload` })).data!.url,
    preview: async (fileName) =>
      (await request<ImportPreview>({ url: `${base}/ImportPreview`, data: { fileName } })).data!,
    importData: async (list) =>
      (await request<ImportResult>({ url: `${base}/ImportData`, method: 'POST', data: { list } })).data!,
    exportFailed: async (list) =>
      (await request<{ url: string }>({ url: `${base}/ImportExceptionData`, method: 'POST', data: { list } })).data!
        .url,
  };
}
