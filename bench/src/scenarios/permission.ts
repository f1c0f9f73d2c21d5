import { currentUserRequest, signIn } from '../atrium-client.ts';
import type { BenchGroup, BenchRequest, Scenario } from '../scenario.ts';
import { p50WithinFactor, p95Below } from '../targets.ts';

const USERS = 'Users list (keyword, 20 of 10 000)';
const ADMIN = 'CurrentUser(admin, 10 000 users)';
const MULTI = 'CurrentUser(5 roles, 3 positions)';

function currentUser(name: string, account: 'admin' | 'bench.multi'): Scenario {
  return {
    name,
    server: 'atrium-large',
    connections: 50,
    envelope: true,
    prepare: (origin) => currentUserRequest(origin, account),
  };
}

/** An administrator's users list filtered by a keyword that 100 of the 10 000 staff match. */
export async function usersListRequest(origin: string): Promise<BenchRequest> {
  const token = await signIn(origin, 'admin');
  const query = new URLSearchParams({ keyword: '员工004', currentPage: '1', pageSize: '20' });
  return { method: 'GET', path: `/prod/api/permission/Users?${query}`, headers: { authorization: token } };
}

/**
 * Organisation administration at scale: the large data set adds 10 000 staff and one member of
 * five roles and three positions, whose rights are the union over eight holders.
 */
export const permissionGroup: BenchGroup = {
  scenarios: [
    {
      name: USERS,
      server: 'atrium-large',
      // An administrator paging through the directory, not a crowd: latency is what counts.
      connections: 10,
      envelope: true,
      prepare: usersListRequest,
    },
    currentUser(ADMIN, 'admin'),
    currentUser(MULTI, 'bench.multi'),
  ],
  targets: [p95Below(USERS, 10), p50WithinFactor(MULTI, ADMIN, 'admin', 1.5)],
};
