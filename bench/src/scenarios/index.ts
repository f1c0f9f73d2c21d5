import type { BenchGroup } from '../scenario.ts';
import { baselineGroup } from './baseline.ts';
import { oauthGroup } from './oauth.ts';
import { permissionGroup } from './permission.ts';

/**
 * Every group, in run order. Adjacent scenarios on the same server kind share one server process,
 * so keep a group's scenarios together to avoid seeding twice.
 */
export const groups: BenchGroup[] = [baselineGroup, oauthGroup, permissionGroup];
