/** What an audited change did: created, updated or deleted the resource, or another act on it. */
export type AuditAction = 'create' | 'update' | 'delete' | 'other';

/** One row of the audit trail as its list shows it (GET /api/system/AuditLog). */
export interface AuditLogListItem {
  id: string;
  /** When the change was made (epoch ms). */
  createdAt: number;
  userId: string | null;
  account: string;
  realName: string;
  ip: string;
  userAgent: string;
  method: string;
  /** The route pattern, e.g. `/api/permission/Users/:id`. */
  url: string;
  /** What was changed: 'user', 'organize', 'authorize', 'sysConfig' ... */
  resource: string;
  resourceId: string | null;
  action: AuditAction;
  requestId: string;
}

/** One row with the resource before and after the change (null where it did not exist). */
export interface AuditLogDetail extends AuditLogListItem {
  before: unknown;
  after: unknown;
}

/**
 * Every resource the audit trail records, as routes declare them (`config.audit.resource`); the
 * server's route test checks each declaration is listed here, so the admin UI can name it.
 * `flowTemplate` is reserved for the workflow designer's templates, which do not exist yet.
 */
export const AUDIT_RESOURCES = [
  'organize',
  'position',
  'group',
  'grade',
  'user',
  'role',
  'authorize',
  'system',
  'menu',
  'menuButton',
  'menuColumn',
  'menuForm',
  'menuDataScheme',
  'sysConfig',
  'dictionaryType',
  'dictionaryData',
  'billRule',
  'dataInterface',
  'printTemplate',
  'messageTemplate',
  'oaTemplate',
  'area',
  'visualdevModel',
  'flowTemplate',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];
