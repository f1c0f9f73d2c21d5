import { FORM_HEADERS, currentUserRequest, loginForm } from '../atrium-client.ts';
import type { BenchGroup, Scenario } from '../scenario.ts';
import { p50WithinFactor, p99Below, rpsRatioAtLeast } from '../targets.ts';

const ADMIN = 'CurrentUser(admin)';
const MANAGER = 'CurrentUser(manager)';

function currentUser(name: string, account: 'admin' | 'manager'): Scenario {
  return {
    name,
    server: 'atrium',
    connections: 50,
    envelope: true,
    // A token of its own per run, so an earlier scenario cannot have ended the session.
    prepare: (origin) => currentUserRequest(origin, account),
  };
}

/**
 * The session and authority path every page load takes. `manager` holds three roles and two
 * positions, so its grants are unioned over several holders; `admin` holds everything directly.
 * Login comes last: each run adds sessions and log rows, which must not grow tables under the others.
 */
export const oauthGroup: BenchGroup = {
  scenarios: [
    currentUser(ADMIN, 'admin'),
    currentUser(MANAGER, 'manager'),
    {
      name: 'Login(admin)',
      server: 'atrium',
      // argon2 verification is CPU-bound by design; more connections would only queue.
      connections: 10,
      envelope: true,
      prepare: async () => ({
        method: 'POST',
        path: '/prod/api/oauth/Login',
        headers: FORM_HEADERS,
        body: loginForm('admin'),
      }),
    },
  ],
  targets: [
    rpsRatioAtLeast(ADMIN, 0.25),
    p99Below(ADMIN, 25),
    rpsRatioAtLeast(MANAGER, 0.2),
    p99Below(MANAGER, 25),
    p50WithinFactor(MANAGER, ADMIN, 'admin', 1.5),
  ],
};
