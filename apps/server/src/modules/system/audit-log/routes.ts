import { scheduleAuditPruning } from '../../../core/audit.ts';
import { ok } from '../../../core/http.ts';
import { replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { auditLogDetail, auditLogIdParams, auditLogListQuery, auditLogPage } from './schema.ts';
import { auditLogInfo, listAuditLog } from './service.ts';

const tags = ['system'];
const BASE = '/api/system/AuditLog';
export const AUDIT_LOG_MENU = 'system.auditLog';

/**
 * The audit trail's reading side (docs/audit.md). Rows are written by the audit hooks of core and
 * deleted only by the retention job: on purpose there is no route that creates, changes or
 * deletes one, so the trail is append-only for everyone using the API, administrators included.
 */
export async function auditLogRoutes(app: App, { db, dialect, jobs, now, config }: Services) {
  // Daily, once across the deployment; AUDIT_RETENTION_DAYS=0 keeps every row.
  scheduleAuditPruning(jobs, db, now, config.auditRetentionDays);

  app.get(
    BASE,
    {
      schema: {
        querystring: auditLogListQuery,
        tags,
        summary: 'The audit trail, newest first, by keyword, resource, user and time range',
        response: replies(auditLogPage),
      },
      config: { access: { permission: AUDIT_LOG_MENU } },
    },
    async (request) => ok(await listAuditLog(db, dialect, request.query)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        params: auditLogIdParams,
        tags,
        summary: 'One audited change with the resource before and after',
        response: replies(auditLogDetail),
      },
      config: { access: { permission: AUDIT_LOG_MENU } },
    },
    async (request) => ok(await auditLogInfo(db, request.params.id)),
  );
}
