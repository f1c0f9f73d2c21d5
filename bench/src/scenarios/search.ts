import type { BenchGroup } from '../scenario.ts';
import { p95Below } from '../targets.ts';
import { areaSearchRequest } from './area.ts';
import { usersListRequest } from './permission.ts';

const AREA = 'Area keyword search on PostgreSQL (every level, 44 700 areas)';
const USERS = 'Users list on PostgreSQL (keyword, 20 of 10 000)';

/**
 * The keyword searches of the area and permission groups again, on PostgreSQL with the large data
 * set, when BENCH_DATABASE_URL names a database (a schema of its own, dropped afterwards): the
 * search index (docs/search.md) works differently there, with pg_trgm and GIN indexes.
 */
export function searchPostgresGroup(env: NodeJS.ProcessEnv = process.env): BenchGroup {
  if (!env.BENCH_DATABASE_URL) return { scenarios: [], targets: [] };
  const server = 'atrium-large-pg';
  return {
    scenarios: [
      { name: AREA, server, connections: 10, envelope: true, prepare: areaSearchRequest },
      { name: USERS, server, connections: 10, envelope: true, prepare: usersListRequest },
    ],
    targets: [p95Below(AREA, 10), p95Below(USERS, 10)],
  };
}
