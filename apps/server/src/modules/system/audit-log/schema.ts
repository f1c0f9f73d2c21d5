import { z } from 'zod';
import type { AuditLogDetail, AuditLogListItem } from '@atrium/shared';
import { pageQuery } from '../../../core/paging.ts';
import { pageOfSchema, wireSchema } from '../../../core/response-schema.ts';

const epoch = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** The trail's list: keyword over account, name and route; resource; user; a time range (epoch ms, inclusive). */
export const auditLogListQuery = pageQuery.extend({
  resource: z.string().trim().max(50).optional().default(''),
  userId: z.string().trim().max(50).optional().default(''),
  startTime: epoch.optional(),
  endTime: epoch.optional(),
});
export type AuditLogListQuery = z.infer<typeof auditLogListQuery>;

export const auditLogIdParams = z.object({ id: z.string().min(1).max(50) });

const listItem = {
  id: z.string(),
  createdAt: z.number(),
  userId: z.string().nullable(),
  account: z.string(),
  realName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  method: z.string(),
  url: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  action: z.enum(['create', 'update', 'delete', 'other']),
  requestId: z.string(),
};

// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
export const auditLogListItem = wireSchema<AuditLogListItem>()(z.object(listItem));
export const auditLogPage = pageOfSchema(auditLogListItem);
export const auditLogDetail = wireSchema<AuditLogDetail>()(
  z.object({ ...listItem, before: z.unknown(), after: z.unknown() }),
);
