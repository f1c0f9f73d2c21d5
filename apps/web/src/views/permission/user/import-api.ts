import type { ImportPreview, ImportResult } from '@atrium/shared';
import { request } from '../../../api/request.ts';
import type { ImportApi } from '../../../components/import-dialog/index.ts';

const USERS = '/api/permission/Users';

/** The user import of the batch import dialog. */
export const userImportApi: ImportApi = {
  uploadUrl: `${USERS}/Uploader`,
  template: async () => (await request<{ url: string }>({ url: `${USERS}/TemplateDownload` })).data!.url,
  preview: async (fileName) =>
    (await request<ImportPreview>({ url: `${USERS}/ImportPreview`, data: { fileName } })).data!,
  importData: async (list) =>
    (await request<ImportResult>({ url: `${USERS}/ImportData`, method: 'POST', data: { list } })).data!,
  exportFailed: async (list) =>
    (await request<{ url: string }>({ url: `${USERS}/ExportExceptionData`, method: 'POST', data: { list } })).data!.url,
};
