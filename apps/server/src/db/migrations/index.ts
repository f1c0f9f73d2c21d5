import type { Migration } from 'kysely';
import * as foundation from './001-foundation.ts';
import * as shell from './002-shell.ts';
import * as authorize from './003-authorize.ts';
import * as usersAdmin from './004-users-admin.ts';
import * as dictionary from './005-dictionary.ts';
import * as area from './006-area.ts';
import * as billRule from './007-bill-rule.ts';
import * as dataInterface from './008-data-interface.ts';
import * as printDev from './009-print-dev.ts';
import * as messageTemplate from './010-message-template.ts';
import * as messaging from './011-messaging.ts';
import * as credentialStore from './012-credential-store.ts';
import * as menuLanguages from './013-menu-languages.ts';
import * as jobs from './014-jobs.ts';
import * as searchIndex from './015-search-index.ts';
import * as gradesFeedback from './016-grades-feedback.ts';
import * as searchText from './017-search-text.ts';
import * as visualdev from './018-visualdev.ts';
import * as auditLog from './019-audit-log.ts';
import * as workflow from './020-workflow.ts';
import * as purchase from './021-purchase.ts';
import * as flowMonitorOrder from './022-flow-monitor-order.ts';
import * as flowCallback from './023-flow-callback.ts';
import * as oaTemplate from './024-oa-template.ts';

/** Every migration in order; the names are recorded in the database and must never change. */
export const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-shell': shell,
  '003-authorize': authorize,
  '004-users-admin': usersAdmin,
  '005-dictionary': dictionary,
  '006-area': area,
  '007-bill-rule': billRule,
  '008-data-interface': dataInterface,
  '009-print-dev': printDev,
  '010-message-template': messageTemplate,
  '011-messaging': messaging,
  '012-credential-store': credentialStore,
  '013-menu-languages': menuLanguages,
  '014-jobs': jobs,
  '015-search-index': searchIndex,
  '016-grades-feedback': gradesFeedback,
  '017-search-text': searchText,
  '018-visualdev': visualdev,
  '019-audit-log': auditLog,
  '020-workflow': workflow,
  '021-purchase': purchase,
  '022-flow-monitor-order': flowMonitorOrder,
  '023-flow-callback': flowCallback,
  '024-oa-template': oaTemplate,
};
