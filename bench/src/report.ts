import fs from 'node:fs';
import path from 'node:path';
import type { Check, ScenarioResult } from './scenario.ts';
import { baselineOf } from './targets.ts';

/**
 * One titled block of the printed report. Throughput and targets are the first sections; later
 * issues add their own (web bundle sizes against budgets) without touching these.
 */
export interface ReportSection {
  title: string;
  lines: string[];
}

function table(header: string[], rows: string[][], rightAligned: boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

interface Column {
  header: string;
  right: boolean;
  cell(result: ScenarioResult, baseRps: number | undefined): string;
}

const fixed = (value: number | undefined, digits: number) => (value === undefined ? '-' : value.toFixed(digits));

const COLUMNS: Column[] = [
  { header: 'scenario', right: false, cell: (r) => r.scenario.name },
  { header: 'conns', right: true, cell: (r) => String(r.scenario.connections) },
  { header: 'req/s', right: true, cell: (r) => fixed(r.measurement?.rps, 0) },
  { header: 'p50 ms', right: true, cell: (r) => fixed(r.measurement?.p50, 2) },
  { header: 'p95 ms', right: true, cell: (r) => fixed(r.measurement?.p95, 2) },
  { header: 'p99 ms', right: true, cell: (r) => fixed(r.measurement?.p99, 2) },
  { header: 'ratio', right: true, cell: (r, base) => fixed(base && r.measurement && r.measurement.rps / base, 2) },
  { header: 'srv cpu ms/req', right: true, cell: (r) => fixed(r.measurement?.serverCpuMsPerRequest, 3) },
  { header: 'srv cpu %', right: true, cell: (r) => fixed(r.measurement?.serverCpuPercent, 0) },
  { header: 'status', right: false, cell: (r) => (r.failure ? 'FAILED' : 'ok') },
];

export function throughputSection(results: ScenarioResult[]): ReportSection {
  const base = baselineOf(results)?.rps;
  const rows = results.map((r) => COLUMNS.map((c) => c.cell(r, base)));
  const lines = table(
    COLUMNS.map((c) => c.header),
    rows,
    COLUMNS.map((c) => c.right),
  );
  lines.push('ratio: req/s over the baseline. srv cpu: CPU of the server process, all threads; 100% is one core.');
  for (const { scenario, failure } of results) {
    if (failure) lines.push(`${scenario.name} failed: ${failure.split('\n')[0]}`);
  }
  return { title: 'Throughput and latency', lines };
}

export function targetsSection(checks: Check[]): ReportSection {
  return { title: 'Targets', lines: checks.length ? checks.map((c) => c.text) : ['(none)'] };
}

export function renderReport(sections: ReportSection[]): string {
  return sections.map((s) => [`== ${s.title} ==`, ...s.lines].join('\n')).join('\n\n');
}

/** The machine-readable record of the run, for comparing runs and for CI artefacts. */
export function writeResults(file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}
