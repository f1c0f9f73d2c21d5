import type { Check, ScenarioResult, Target } from './scenario.ts';
import type { Measurement } from './measure.ts';

const mark = (pass: boolean) => (pass ? '✓' : '✗');

function figures(results: ReadonlyMap<string, ScenarioResult>, name: string): Measurement | undefined {
  const result = results.get(name);
  return result && !result.failure ? result.measurement : undefined;
}

/** Figures of the baseline scenario, when it ran without failure. */
export function baselineOf(results: Iterable<ScenarioResult>): Measurement | undefined {
  for (const result of results) if (result.scenario.baseline && !result.failure) return result.measurement;
  return undefined;
}

/** A failed or skipped scenario misses every target that needs it. */
function missing(results: ReadonlyMap<string, ScenarioResult>, text: string, who: string): Check {
  const why = results.has(who) || who === 'baseline' ? 'failed' : 'not run';
  return { text: `${text}: no figures (${who} ${why}) ✗`, pass: false };
}

/** The scenario's requests/s is at least `min` times the baseline's. */
export function rpsRatioAtLeast(name: string, min: number): Target {
  return (results) => {
    const m = figures(results, name);
    const base = baselineOf(results.values());
    const text = `${name} req/s ratio`;
    if (!m) return missing(results, text, name);
    if (!base) return missing(results, text, 'baseline');
    const ratio = m.rps / base.rps;
    const pass = ratio >= min;
    return { text: `${text} ${ratio.toFixed(2)} >= ${min.toFixed(2)} ${mark(pass)}`, pass };
  };
}

/** The scenario served at least `min` requests a second. */
export function rpsAtLeast(name: string, min: number): Target {
  return (results) => {
    const m = figures(results, name);
    if (!m) return missing(results, `${name} req/s`, name);
    const pass = m.rps >= min;
    return { text: `${name} ${m.rps.toFixed(0)} req/s >= ${min} ${mark(pass)}`, pass };
  };
}

function percentileBelow(which: 'p95' | 'p99') {
  return (name: string, maxMs: number): Target =>
    (results) => {
      const m = figures(results, name);
      if (!m) return missing(results, `${name} ${which}`, name);
      const pass = m[which] < maxMs;
      return { text: `${name} ${which} ${m[which].toFixed(1)} ms < ${maxMs} ms ${mark(pass)}`, pass };
    };
}

/** The scenario's p95 latency is below `maxMs`. */
export const p95Below = percentileBelow('p95');
/** The scenario's p99 latency is below `maxMs`. */
export const p99Below = percentileBelow('p99');

/** The scenario's p50 latency is at most `maxFactor` times the reference scenario's. */
export function p50WithinFactor(name: string, reference: string, label: string, maxFactor: number): Target {
  return (results) => {
    const m = figures(results, name);
    const ref = figures(results, reference);
    const text = `${name} p50 latency`;
    if (!m) return missing(results, text, name);
    if (!ref) return missing(results, text, reference);
    const factor = m.p50 / ref.p50;
    const pass = factor <= maxFactor;
    return { text: `${text} ${factor.toFixed(2)}x of ${label} <= ${maxFactor}x ${mark(pass)}`, pass };
  };
}
