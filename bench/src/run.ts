/**
 * `npm run bench`: measures every scenario in one run on this machine, prints figures with their
 * ratio to the baseline and the issues' targets, and writes results/latest.json. Benchmarks report;
 * a missed target fails the process only with BENCH_STRICT=1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@atrium/server/config';
import { BENCH_LOGIN_RATE_MAX } from './atrium-server.ts';
import { readOptions } from './options.ts';
import { bundleSection, measureBundles, WEB_DIST } from './bundles.ts';
import { measureTransfer, transferSection } from './transfer.ts';
import { renderReport, targetsSection, throughputSection, writeResults, type ReportSection } from './report.ts';
import { runScenario } from './run-scenario.ts';
import type { ScenarioResult, ServerKind } from './scenario.ts';
import { groups } from './scenarios/index.ts';
import { startServer, type RunningServer } from './servers.ts';
import { baselineOf } from './targets.ts';
import { jobBenches, jobsSection, type JobBenchFigures } from './jobs.ts';
import { FORM_BENCH_NAME, formChecks, formSection, runFormBench, type FormFigures } from './form.ts';

const options = readOptions();
const picked = (name: string) => options.only.some((o) => name.toLowerCase().includes(o));
const allScenarios = groups.flatMap((g) => g.scenarios);
// The baseline runs for the ratios of the scenarios picked with it; with none (BENCH_ONLY=form),
// there is nothing to divide and no server starts.
const anyPicked = allScenarios.some((s) => !s.baseline && picked(s.name));
const scenarios = allScenarios.filter((s) => !options.only.length || picked(s.name) || (s.baseline && anyPicked));
const targets = groups.flatMap((g) => g.targets);
const cpus = os.cpus();
const loadAverage = () => Number(os.loadavg()[0]!.toFixed(2));
const busy = (load: number) => load > cpus.length / 2;
const machine = {
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpu: `${cpus[0]?.model.trim() ?? 'unknown'} x ${cpus.length}`,
  /** One-minute load averages around the run; other busy processes make every figure noisy. */
  loadAverageBefore: loadAverage(),
  loadAverageAfter: NaN,
};
const defaults = loadConfig({});
const notes = [
  `Login rate limit lifted for measurement (LOGIN_RATE_MAX=${BENCH_LOGIN_RATE_MAX}); ` +
    `the default allows ${defaults.loginRateMax} per ${defaults.loginRateWindowMs / 1000} s.`,
  `Servers run in child processes; load comes from this process, on the same ${cpus.length} cores.`,
  `Each scenario: ${options.warmupSeconds} s warm-up (discarded), ${options.durationSeconds} s measured.`,
];

console.log(`Atrium bench: node ${machine.node}, ${machine.platform}, ${machine.cpu}`);
for (const note of notes) console.log(`note: ${note}`);
if (busy(machine.loadAverageBefore)) {
  console.log(`warning: load average ${machine.loadAverageBefore} on ${cpus.length} cores; figures will be noisy`);
}
const profileDir = options.cpuProfile ? path.join(options.resultsDir, 'profiles') : undefined;
if (profileDir) console.log(`note: servers run under --cpu-prof; profiles go to ${profileDir}`);

const startedAt = new Date();
const results: ScenarioResult[] = [];
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
// A server that cannot start fails its scenarios once, rather than being retried for each of them.
const startFailures = new Map<ServerKind, string>();
let server: RunningServer | undefined;
try {
  for (const scenario of scenarios) {
    if (server?.kind !== scenario.server && !startFailures.has(scenario.server)) {
      await server?.stop();
      server = undefined;
      console.log(`starting ${scenario.server} server...`);
      try {
        server = await startServer(scenario.server, profileDir);
      } catch (err) {
        // The whole error (a stack from the seed, say) once here; the report keeps its first line.
        console.log(errorText(err));
        startFailures.set(scenario.server, errorText(err));
      }
    }
    const startFailure = startFailures.get(scenario.server);
    if (startFailure || !server) {
      results.push({ scenario, failure: startFailure ?? 'no server' });
      continue;
    }
    console.log(`running ${scenario.name} (${scenario.connections} connections)...`);
    try {
      results.push(await runScenario(scenario, server, options));
    } catch (err) {
      // One broken scenario should not cost the figures of the others.
      results.push({ scenario, failure: errorText(err) });
    }
  }
} finally {
  await server?.stop();
}

// The job queue runs in this process, once the servers are down.
const jobFigures: JobBenchFigures[] = [];
const jobFailures: string[] = [];
for (const bench of jobBenches()) {
  if (options.only.length && !options.only.some((o) => bench.name.toLowerCase().includes(o))) continue;
  console.log(`running ${bench.name}...`);
  try {
    jobFigures.push(await bench.run(options));
  } catch (err) {
    jobFailures.push(`${bench.name} failed: ${errorText(err).split('\n')[0]}`);
  }
}

// The form runtime in Chromium, last: no server and no job runner competes for the cores.
let formFigures: FormFigures | undefined;
let formFailure: string | undefined;
const runForm = !options.only.length || picked(FORM_BENCH_NAME);
if (runForm) {
  console.log(`running ${FORM_BENCH_NAME}...`);
  try {
    formFigures = await runFormBench();
  } catch (err) {
    formFailure = errorText(err);
    console.log(formFailure);
  }
}

const byName = new Map(results.map((r) => [r.scenario.name, r]));
// Server targets are judged when server scenarios ran; a run of the form or jobs alone has none.
// With BENCH_ONLY, only the targets about the scenarios picked are judged (each names its scenario).
const pickedNames = scenarios.filter((s) => !s.baseline).map((s) => s.name);
const checks = scenarios.length
  ? targets
      .map((target) => target(byName))
      .filter((check) => !options.only.length || pickedNames.some((name) => check.text.includes(name)))
  : [];
if (runForm) checks.push(...formChecks(formFigures, formFailure));
machine.loadAverageAfter = loadAverage();
const sections: ReportSection[] = [];
if (scenarios.length) sections.push(throughputSection(results));
sections.push(targetsSection(checks));
if (jobFigures.length || jobFailures.length) sections.push(jobsSection(jobFigures, jobFailures));
if (runForm) sections.push(formSection(formFigures, formFailure));
if (fs.existsSync(path.join(WEB_DIST, '.vite/manifest.json')))
  sections.push(bundleSection(measureBundles()), transferSection(measureTransfer()));
else notes.push('Bundles not measured: build the web app first (npm run build).');
if (busy(machine.loadAverageBefore) || busy(machine.loadAverageAfter)) {
  // A baseline squeezed by other processes makes every ratio look better than it is.
  sections.push({
    title: 'Warning',
    lines: [
      `Machine busy: load average ${machine.loadAverageBefore} before, ${machine.loadAverageAfter} after, on ${cpus.length} cores.`,
      'Ratios and latencies from this run are not reliable; run again on a quiet machine.',
    ],
  });
}
console.log('\n' + renderReport(sections));

const base = baselineOf(results)?.rps;
const file = path.join(options.resultsDir, 'latest.json');
writeResults(file, {
  startedAt: startedAt.toISOString(),
  machine,
  settings: {
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    loginRateMax: BENCH_LOGIN_RATE_MAX,
  },
  notes,
  scenarios: results.map(({ scenario, measurement: m, failure }) => ({
    name: scenario.name,
    server: scenario.server,
    connections: scenario.connections,
    rps: m?.rps ?? null,
    p50Ms: m?.p50 ?? null,
    p99Ms: m?.p99 ?? null,
    ratioToBaseline: m && base ? m.rps / base : null,
    requests: m?.requests ?? null,
    serverCpuMsPerRequest: m?.serverCpuMsPerRequest ?? null,
    serverCpuPercent: m?.serverCpuPercent ?? null,
    errors: m?.errorDetail ?? null,
    failure: failure ?? null,
  })),
  checks,
  jobs: jobFigures,
  form: formFigures ?? (formFailure ? { failure: formFailure } : null),
});
console.log(`\nresults written to ${path.relative(process.cwd(), file)}`);

const missed = checks.filter((c) => !c.pass).length + results.filter((r) => r.failure).length + jobFailures.length;
if (missed > 0) {
  const consequence = options.strict
    ? 'BENCH_STRICT=1: failing the run'
    : 'reported only; BENCH_STRICT=1 fails the run';
  console.log(`${missed} target(s) missed or scenario(s) failed (${consequence})`);
}
process.exitCode = options.strict && missed > 0 ? 1 : 0;
