import type { AuditLogDetail, AuditLogListItem, PageResult, UserOption } from '@atrium/shared';
import { request } from './request.ts';

const BASE = '/api/system/AuditLog';

/** The trail's filters; times are epoch ms, both ends included. */
export interface AuditLogQuery {
  keyword?: string;
  resource?: string;
  userId?: string;
  startTime?: number;
  endTime?: number;
  currentPage: number;
  pageSize: number;
}

/**
 * The audit trail: read only. The server has no route that writes, changes or deletes a row, so
 * neither has this file.
 */
export const auditLogApi = {
  list: async (query: AuditLogQuery) =>
    (await request<PageResult<AuditLogListItem>>({ url: BASE, params: { ...query } })).data!,
  info: async (id: string) => (await request<AuditLogDetail>({ url: `${BASE}/${encodeURIComponent(id)}` })).data!,
  /** Every enabled user, for the "changed by" filter. */
  users: async () => (await request<{ list: UserOption[] }>({ url: '/api/permission/Users/All' })).data!.list,
};
