import { currentUserRequest } from '../atrium-client.ts';
import type { BenchGroup, Scenario } from '../scenario.ts';
import { p99Below, rpsRatioAtLeast } from '../targets.ts';
import { usersListRequest } from './permission.ts';

export const CURRENT_USER_PG = 'CurrentUser(admin) on PostgreSQL+Redis';
export const USERS_PG = 'Users list on PostgreSQL+Redis (keyword, 20 of 10 000)';

function adminCurrentUser(name: string, server: Scenario['server']): Scenario {
  return {
    name,
    server,
    connections: 50,
    envelope: true,
    prepare: (origin) => currentUserRequest(origin, 'admin'),
  };
}

/**
 * The signed-in request path on PostgreSQL with Redis, the setup of a deployment with several
 * instances: the session, user and revision memos hold there through the table-change feed
 * (docs/caching.md). Runs when BENCH_DATABASE_URL names a database; BENCH_REDIS_URL adds Redis.
 */
export function cachingPostgresGroup(env: NodeJS.ProcessEnv = process.env): BenchGroup {
  if (!env.BENCH_DATABASE_URL) return { scenarios: [], targets: [] };
  return {
    scenarios: [
      adminCurrentUser(CURRENT_USER_PG, 'atrium-pg'),
      { name: USERS_PG, server: 'atrium-large-pg', connections: 50, envelope: true, prepare: usersListRequest },
    ],
    targets: [rpsRatioAtLeast(CURRENT_USER_PG, 0.1), p99Below(CURRENT_USER_PG, 25), p99Below(USERS_PG, 25)],
  };
}
