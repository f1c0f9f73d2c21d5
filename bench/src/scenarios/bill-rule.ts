import { signIn } from '../atrium-client.ts';
import type { BenchGroup, Target } from '../scenario.ts';

const ISSUE = 'BillNumber (16 callers, one rule)';
const MIN_NUMBERS_PER_SECOND = 1000;

/** The scenario issued at least `min` numbers a second. */
function numbersPerSecondAtLeast(name: string, min: number): Target {
  return (results) => {
    const result = results.get(name);
    const m = result && !result.failure ? result.measurement : undefined;
    if (!m) return { text: `${name}: no figures (${result ? 'failed' : 'not run'}) ✗`, pass: false };
    const pass = m.rps >= min;
    return { text: `${name} ${m.rps.toFixed(0)} numbers/s >= ${min} ${pass ? '✓' : '✗'}`, pass };
  };
}

/**
 * Bill numbers: sixteen staff members' forms ask the same rule for their next number at once. Every
 * call is one write transaction that moves the rule's counter, so this measures the serialised
 * write path (on SQLite, the single writer).
 */
export const billRuleGroup: BenchGroup = {
  scenarios: [
    {
      name: ISSUE,
      server: 'atrium',
      connections: 16,
      envelope: true,
      async prepare(origin) {
        const token = await signIn(origin, 'manager');
        return {
          method: 'GET',
          path: '/prod/api/system/BillRule/BillNumber/leaveApply',
          headers: { authorization: token },
        };
      },
    },
  ],
  targets: [numbersPerSecondAtLeast(ISSUE, MIN_NUMBERS_PER_SECOND)],
};
