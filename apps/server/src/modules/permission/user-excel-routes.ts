import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { MessageKey, MessageParams } from '../../core/messages.ts';
import { USER_IMPORT_COLUMNS } from '@atrium/shared';
import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import {
  EXPORT_DIR,
  exportRows,
  FILE_NAME,
  headerRow,
  IMPORT_DIR,
  importUsers,
  readUploadedRows,
  writeUserWorkbook,
} from './user-excel.ts';
import { USERS_SCOPE } from './user-routes.ts';
import { membersOfSubtree, userKeyword } from './users.ts';
import { ticketQuery } from '../file/links.ts';
import { receiveSpreadsheet } from '../file/spreadsheet-import.ts';
import { publishWorkbook, sendWorkbook } from '../file/workbook-download.ts';
import { usersUploaderPostAnswer, usersImportPreviewAnswer, usersImportDataPostAnswer } from './schema.ts';
import { fileReply, replies } from '../../core/response-schema.ts';
import type { AuditContext } from '../../core/audit.ts';

const tags = ['permission'];
const EXPORT_MAX_ROWS = 10000;

const cell = z.string().max(500).optional().default('');
const importRow = z.object(
  Object.fromEntries(USER_IMPORT_COLUMNS.map((k) => [k, cell])) as Record<
    (typeof USER_IMPORT_COLUMNS)[number],
    typeof cell
  >,
);
const importBody = z.object({ list: z.array(importRow).max(1000) });
const exceptionBody = z.object({
  list: z.array(importRow.extend({ errorsInfo: z.string().max(2000).optional().default('') })).max(1000),
});

/** The request's translator as a plain function (request.t reads `this`). */
const tr = (request: FastifyRequest) => (key: MessageKey, params?: MessageParams) => request.t(key, params);

const downloadPath = (name: string) => `/api/permission/Users/Download/${name}`;

/**
 * The user spreadsheet: export, template, and the import. The file is
 * uploaded first (POST .../Users/Uploader, multipart) and answered by a generated name, which
 * ImportPreview then reads; ImportData takes the previewed rows back as JSON. Generated workbooks
 * are kept an hour and answered as `data.url`, a link with a ticket (docs/files.md) for the user who
 * asked for it: nobody else may download it.
 */
/**
 * What an import leaves in the audit trail: the rows sent (without any password column) and the
 * outcome. There is no before: an import only creates users.
 */
const importedUsers = async (_db: unknown, { request, data }: AuditContext) =>
  data === undefined ? null : { rows: (request.body as { list?: unknown } | undefined)?.list ?? [], result: data };

export async function userExcelRoutes(app: App, services: Services) {
  const { db, dialect, storage, now } = services;
  /** Records the caller as the workbook's owner and answers its link for them. */
  const answer = async (request: FastifyRequest, bytes: Buffer, fullName: string) =>
    ok(await publishWorkbook(services, EXPORT_DIR, bytes, signedIn(request).session.userId, fullName, downloadPath));

  app.post(
    '/api/permission/Users/Uploader',
    {
      schema: {
        tags,
        summary: 'Upload a user spreadsheet (.xls/.xlsx, at most 500 KB) for import',
        response: replies(usersUploaderPostAnswer),
      },
      config: {
        access: { permission: 'permission.user:btn_upload' },
        audit: { exempt: 'keeps the uploaded workbook for the preview; users change on ImportData, which is audited' },
      },
    },
    async (request) => {
      const name = await receiveSpreadsheet(request, storage, IMPORT_DIR);
      return ok({ name, url: '' });
    },
  );

  app.get(
    '/api/permission/Users/ImportPreview',
    {
      schema: {
        querystring: z.object({ fileName: z.string().min(1).max(100) }),
        tags,
        summary: 'Rows of an uploaded spreadsheet',
        response: replies(usersImportPreviewAnswer),
      },
      config: { access: { permission: 'permission.user:btn_upload' } },
    },
    async (request) => {
      const dataRow = await readUploadedRows(storage, request.query.fileName);
      return ok({ headerRow: headerRow(tr(request)), dataRow });
    },
  );

  app.post(
    '/api/permission/Users/ImportData',
    {
      schema: {
        body: importBody,
        tags,
        summary: 'Import previewed rows; failures come back with errorsInfo',
        response: replies(usersImportDataPostAnswer),
      },
      config: {
        access: { permission: 'permission.user:btn_upload' },
        audit: { resource: 'user', action: 'create', load: importedUsers },
      },
    },
    async (request) => {
      const result = await importUsers(db, request.body.list, tr(request), now(), signedIn(request).session.userId);
      return ok(result, request.t('importSuccess'));
    },
  );

  // The users list names it ExportExceptionData; the generic import widget calls ImportExceptionData.
  for (const action of ['ExportExceptionData', 'ImportExceptionData']) {
    app.post(
      `/api/permission/Users/${action}`,
      {
        schema: {
          body: exceptionBody,
          tags,
          summary: 'A workbook of the failed rows with their reasons',
          response: replies(usersUploaderPostAnswer),
        },
        config: {
          access: { permission: 'permission.user:btn_upload' },
          audit: { exempt: 'answers a workbook of the rows sent; nothing is stored but the file' },
        },
      },
      async (request) => {
        const bytes = await writeUserWorkbook(tr(request), request.body.list, true);
        return answer(request, bytes, `${request.t('userSheetName')}-${request.t('colErrorsInfo')}.xlsx`);
      },
    );
  }

  app.get(
    '/api/permission/Users/TemplateDownload',
    {
      schema: { tags, summary: 'An empty user workbook', response: replies(usersUploaderPostAnswer) },
      config: { access: { permission: 'permission.user:btn_upload' } },
    },
    async (request) => {
      const bytes = await writeUserWorkbook(tr(request), []);
      return answer(request, bytes, `${request.t('userSheetName')}.xlsx`);
    },
  );

  app.get(
    '/api/permission/Users/ExportExcel',
    {
      schema: {
        querystring: z.object({
          keyword: z.string().trim().max(100).optional().default(''),
          organizeId: z.string().max(64).optional().default(''),
        }),
        tags,
        summary: 'Users matching the list filters as a workbook (at most 10 000)',
        response: replies(usersUploaderPostAnswer),
      },
      config: {
        access: { permission: 'permission.user:btn_download' },
        scope: USERS_SCOPE,
        fields: { menu: USERS_SCOPE.menu },
      },
    },
    async (request) => {
      const { keyword, organizeId } = request.query;
      let q = db.selectFrom('users').select('users.id');
      if (request.scope) q = q.where(request.scope);
      if (keyword) q = q.where((eb) => userKeyword(eb, dialect, keyword));
      if (organizeId) q = q.where('users.id', 'in', membersOfSubtree(db, organizeId));
      const ids = (await q.orderBy('users.sort_code').orderBy('users.id').limit(EXPORT_MAX_ROWS).execute()).map(
        (r) => r.id,
      );
      // The workbook keeps the template's columns (it imports again); those the caller may not see stay empty.
      const hidden = [...(request.fieldGrants?.hiddenColumns ?? [])];
      const rows = (await exportRows(db, ids, tr(request))).map((row) =>
        Object.assign(row, Object.fromEntries(hidden.filter((key) => key in row).map((key) => [key, '']))),
      );
      const bytes = await writeUserWorkbook(tr(request), rows);
      return answer(request, bytes, `${request.t('userSheetName')}.xlsx`);
    },
  );

  app.get(
    '/api/permission/Users/Download/:name',
    {
      schema: {
        params: z.object({ name: z.string().regex(FILE_NAME) }),
        querystring: z.object({ fullName: z.string().max(200).optional().default('users.xlsx'), ...ticketQuery }),
        tags,
        summary: 'A generated workbook (kept an hour), with the ticket of the link answered to whoever made it',
        response: fileReply('the workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      sendWorkbook(services, reply, EXPORT_DIR, request.params.name, request.query.ticket, request.query.fullName),
  );
}
