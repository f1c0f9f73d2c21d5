import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchOptions {
  /** Seconds measured per scenario. */
  durationSeconds: number;
  /** Seconds of load before each measurement, discarded, so JIT and caches are warm. */
  warmupSeconds: number;
  /** Exit 1 when a target is missed; otherwise the run only reports. */
  strict: boolean;
  /** Folder for latest.json and CPU profiles. */
  resultsDir: string;
  /** Run the servers under --cpu-prof, writing profiles to resultsDir/profiles. */
  cpuProfile: boolean;
  /** Lower-case name fragments; when given, only matching scenarios run (plus the baseline, for ratios). */
  only: string[];
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return value;
}

export function readOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  return {
    durationSeconds: seconds(env, 'BENCH_DURATION', 5),
    warmupSeconds: seconds(env, 'BENCH_WARMUP', 3),
    strict: env.BENCH_STRICT === '1',
    resultsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results'),
    cpuProfile: env.BENCH_CPU_PROF === '1',
    only: (env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}
