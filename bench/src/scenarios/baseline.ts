import type { BenchGroup } from '../scenario.ts';

export const BASELINE = 'baseline (bare Node http)';

export const baselineGroup: BenchGroup = {
  scenarios: [
    {
      name: BASELINE,
      server: 'baseline',
      connections: 50,
      baseline: true,
      envelope: false,
      prepare: async () => ({ method: 'GET', path: '/bench/json' }),
    },
  ],
  targets: [],
};
