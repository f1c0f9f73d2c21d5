import type { BenchGroup } from '../scenario.ts';
import { baselineGroup } from './baseline.ts';
import { oauthGroup } from './oauth.ts';
import { permissionGroup } from './permission.ts';
import { socketGroup } from './socket.ts';
import { dataInterfaceGroup } from './data-interface.ts';
import { areaGroup } from './area.ts';
import { billRuleGroup } from './bill-rule.ts';
import { spreadsheetGroup } from './spreadsheet.ts';
import { searchPostgresGroup } from './search.ts';
import { cachingPostgresGroup } from './caching.ts';
import { onlineFormGroup } from './online-form.ts';
import { workflowGroup } from './workflow.ts';

/**
 * Every group, in run order. Adjacent scenarios on the same server kind share one server process,
 * so keep a group's scenarios together to avoid seeding twice.
 */
export const groups: BenchGroup[] = [
  baselineGroup,
  oauthGroup,
  socketGroup,
  areaGroup,
  billRuleGroup,
  permissionGroup,
  dataInterfaceGroup,
  spreadsheetGroup,
  onlineFormGroup(),
  searchPostgresGroup(),
  cachingPostgresGroup(),
  workflowGroup(),
];
