import type { BenchRequest, Measurement } from './measure.ts';

export type { BenchRequest };

/**
 * The kinds of server a scenario can run against; each runs in a child process of its own.
 * 'atrium-pg' and 'atrium-large-pg' are the demo and large data sets on PostgreSQL
 * (BENCH_DATABASE_URL), sharing caches' invalidations through Redis when BENCH_REDIS_URL is set.
 */
export type ServerKind = 'baseline' | 'atrium' | 'atrium-large' | 'atrium-pg' | 'atrium-large-pg';

export interface Scenario {
  /** Unique; targets refer to scenarios by this name. */
  name: string;
  server: ServerKind;
  connections: number;
  /**
   * Requests a second across all connections, when the load is held there instead of as much as
   * the server takes: a latency target stated at part of a throughput target is judged at it.
   */
  rate?: number;
  /** The scenario every other one is compared to (requests/s ratio); exactly one has it. */
  baseline?: boolean;
  /**
   * Atrium reports failures in the envelope's `code`, so a 2xx status alone does not prove the
   * request did its job; when set, every response must carry code 200.
   */
  envelope: boolean;
  /** Builds the request once the server is up, for example by signing in for a token. */
  prepare(origin: string): Promise<BenchRequest>;
}

/** What one scenario produced: figures, or the reason it has none. */
export interface ScenarioResult {
  scenario: Scenario;
  measurement?: Measurement;
  /** Why the run is failed: a bad sample response, or errors counted during the run. */
  failure?: string;
}

export interface Check {
  text: string;
  pass: boolean;
}

/** A target from an issue, judged over all results of the run. */
export type Target = (results: ReadonlyMap<string, ScenarioResult>) => Check;

/** Scenarios that belong together, with the targets that judge them; later issues add groups. */
export interface BenchGroup {
  scenarios: Scenario[];
  targets: Target[];
}
