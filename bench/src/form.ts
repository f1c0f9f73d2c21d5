/**
 * The form runtime in Chromium: the bench page (bench/form-page) is built with the web app's own
 * Vite config into a temporary folder, served from this process and driven by headless Chromium
 * through Playwright. The same page in its plain mode (uncontrolled inputs, same fields, rows and
 * layout) is measured in the same run, and every figure is also given as a ratio to it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { build, loadConfigFromFile, type PluginOption } from 'vite';
import type { FormBenchApi, PageMode } from '../form-page/api.ts';
import { FIELD_COUNT, ROW_COUNT } from '../form-page/bench-form.ts';
import type { ReportSection } from './report.ts';
import type { Check } from './scenario.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PAGE_DIR = path.resolve(HERE, '../form-page');
const WEB_DIR = path.resolve(HERE, '../../apps/web');
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

export const FORM_BENCH_NAME = 'Form runtime in Chromium';

/** Page loads per mode; the paint figure is their median. */
const LOADS = 3;
/** Rounds of typing into the first text field, each selecting its text and typing this. */
const TOP_TEXT = 'Atrium form runtime bench';
const TOP_ROUNDS = 2;
/** Rounds of typing into the quantity cell, each selecting the cell's text and typing these digits. */
const CELL_ROUNDS = 6;
const CELL_DIGITS = '12345';
const SUBMITS = 10;

/** The issue's targets. */
export const FORM_TARGETS = {
  keyTopMs: 4,
  keyCellMs: 4,
  rendersTop: 1,
  rendersCell: 3,
  paintMs: 1000,
  submitMs: 50,
};

export interface ModeFigures {
  /** Median of the per-keystroke times typed into the first text field. */
  keyTopMs: number;
  keyTopMaxMs: number;
  /** Median of the per-keystroke times typed into a quantity cell (feeds the amount and the total). */
  keyCellMs: number;
  keyCellMaxMs: number;
  /** All script Chromium ran per keystroke, deferred work included (CDP ScriptDuration delta). */
  scriptTopMs: number;
  scriptCellMs: number;
  /** Field components rendered per keystroke (0 on the plain page: nothing renders). */
  rendersTop: number;
  rendersCell: number;
  /** Median over the loads of navigation start to the paint of the complete form. */
  paintMs: number;
  fcpMs: number | null;
  /** Median of the submit clicks: validating every field and cell and showing the messages. */
  submitMs: number;
  submitErrors: number;
  mountedInputs: number;
}

export interface FormFigures {
  chromium: string;
  fields: number;
  rows: number;
  buildSeconds: number;
  runtime: ModeFigures;
  plain: ModeFigures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Builds the bench page with the plugins of apps/web/vite.config.ts (precompression left out). */
async function buildPage(outDir: string): Promise<void> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(WEB_DIR, 'vite.config.ts'),
    WEB_DIR,
    'silent',
  );
  const plugins = ((loaded?.config.plugins ?? []) as PluginOption[])
    .flat()
    .filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'atrium-precompress'));
  await build({
    configFile: false,
    root: PAGE_DIR,
    base: './',
    logLevel: 'warn',
    plugins,
    resolve: loaded?.config.resolve,
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000, minify: !process.env.BENCH_FORM_NOMIN },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Serves the built page; only files under `dir`. */
function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://bench').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// The functions given to page.evaluate run in Chromium; this package compiles without the DOM's
// types, so the page globals they use are declared here, for this module only.
declare const window: { formBench: FormBenchApi };
declare function requestAnimationFrame(callback: () => void): number;

const bench = (page: Page) => page.evaluate(() => window.formBench);
/** Two frames: whatever a keystroke or a click deferred (effects, a scheduled render) has run. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function scriptSeconds(cdp: CDPSession) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
}

/** Types `rounds` times, each after `before`, and answers the keystrokes' figures. */
async function typeInto(
  page: Page,
  selector: string,
  text: string,
  rounds: number,
  before: () => Promise<void>,
): Promise<{ keyMs: number[]; renders: number; scriptMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.click(selector);
  // One unmeasured round: the first keystrokes compile the code paths they run.
  await before();
  await page.keyboard.type(text);
  await settle(page);
  await page.evaluate(() => (window.formBench.keyMs = []));
  const renders0 = (await bench(page)).renders;
  const script0 = await scriptSeconds(cdp);
  for (let i = 0; i < rounds; i++) {
    await before();
    await page.keyboard.type(text);
  }
  await settle(page);
  const script1 = await scriptSeconds(cdp);
  const after = await bench(page);
  await cdp.detach();
  const keys = after.keyMs.length;
  if (keys !== rounds * text.length) throw new Error(`${keys} input events for ${rounds * text.length} keystrokes`);
  return {
    keyMs: after.keyMs,
    renders: (after.renders - renders0) / keys,
    scriptMs: ((script1 - script0) * 1000) / keys,
  };
}

async function measureMode(browser: Browser, origin: string, mode: PageMode): Promise<ModeFigures> {
  const paints: number[] = [];
  let page: Page | undefined;
  let api: FormBenchApi | undefined;
  for (let load = 0; load < LOADS; load++) {
    // A fresh context per load: nothing cached from the load before.
    await page?.context().close();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    const profile =
      process.env.BENCH_FORM_PROFILE && load === LOADS - 1 ? await context.newCDPSession(page) : undefined;
    if (profile) {
      await profile.send('Profiler.enable');
      await profile.send('Profiler.setSamplingInterval', { interval: 200 });
      await profile.send('Profiler.start');
    }
    await page.goto(`${origin}/?mode=${mode}`);
    await page.waitForFunction(() => window.formBench?.ready === true, undefined, { timeout: 30_000 });
    if (profile) {
      const { profile: taken } = await profile.send('Profiler.stop');
      const file = path.join(process.env.BENCH_FORM_PROFILE!, `form-${mode}.cpuprofile`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(taken));
      await profile.detach();
    }
    api = await bench(page);
    paints.push(api.paintedMs);
  }
  page = page!;
  const { selectors } = api!;
  const mounted = api!.mountedInputs;
  const selectAll = () => page.keyboard.press('ControlOrMeta+A');
  const top = await typeInto(page, selectors.topInput, TOP_TEXT, TOP_ROUNDS, selectAll);
  const cell = await typeInto(page, selectors.cellInput, CELL_DIGITS, CELL_ROUNDS, selectAll);

  const submits: number[] = [];
  for (let i = 0; i <= SUBMITS; i++) {
    await page.evaluate(() => window.formBench.clearErrors());
    await settle(page);
    await page.evaluate(() => (window.formBench.submitMs = []));
    await page.click(selectors.submit);
    await settle(page);
    const [ms] = (await bench(page)).submitMs;
    if (ms === undefined) throw new Error('submit click not timed');
    if (i > 0) submits.push(ms); // the first compiles the validator's code paths
  }
  const last = await bench(page);
  await page.context().close();
  return {
    keyTopMs: median(top.keyMs),
    keyTopMaxMs: Math.max(...top.keyMs),
    keyCellMs: median(cell.keyMs),
    keyCellMaxMs: Math.max(...cell.keyMs),
    scriptTopMs: top.scriptMs,
    scriptCellMs: cell.scriptMs,
    rendersTop: top.renders,
    rendersCell: cell.renders,
    paintMs: median(paints),
    fcpMs: last.fcpMs,
    submitMs: median(submits),
    submitErrors: last.submitErrors,
    mountedInputs: mounted,
  };
}

export async function runFormBench(): Promise<FormFigures> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set BENCH_CHROMIUM)`);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-form-bench-'));
  let server: http.Server | undefined;
  let browser: Browser | undefined;
  try {
    const started = performance.now();
    await buildPage(outDir);
    const buildSeconds = (performance.now() - started) / 1000;
    server = await serve(outDir);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    // The reference first: its figures do not depend on the runtime having warmed anything.
    const plain = await measureMode(browser, origin, 'plain');
    const runtime = await measureMode(browser, origin, 'runtime');
    return { chromium: browser.version(), fields: FIELD_COUNT, rows: ROW_COUNT, buildSeconds, runtime, plain };
  } finally {
    await browser?.close();
    server?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

// ---- report ----------------------------------------------------------------------------------

interface Row {
  label: string;
  value: (m: ModeFigures) => number;
  digits: number;
  unit: string;
  target: number;
  /** 'max': at most the target; 'exact': equal to it. */
  kind: 'max' | 'exact';
}

const ROWS: Row[] = [
  {
    label: 'script per keystroke, top field',
    value: (m) => m.keyTopMs,
    digits: 2,
    unit: 'ms',
    target: FORM_TARGETS.keyTopMs,
    kind: 'max',
  },
  {
    label: 'script per keystroke, sub-table cell',
    value: (m) => m.keyCellMs,
    digits: 2,
    unit: 'ms',
    target: FORM_TARGETS.keyCellMs,
    kind: 'max',
  },
  {
    label: 're-renders per plain keystroke',
    value: (m) => m.rendersTop,
    digits: 2,
    unit: '',
    target: FORM_TARGETS.rendersTop,
    kind: 'exact',
  },
  {
    label: 're-renders per keystroke, cell feeding amount and total',
    value: (m) => m.rendersCell,
    digits: 2,
    unit: '',
    target: FORM_TARGETS.rendersCell,
    kind: 'exact',
  },
  {
    label: 'first paint, rows windowed',
    value: (m) => m.paintMs,
    digits: 0,
    unit: 'ms',
    target: FORM_TARGETS.paintMs,
    kind: 'max',
  },
  {
    label: 'validating every cell at submit',
    value: (m) => m.submitMs,
    digits: 2,
    unit: 'ms',
    target: FORM_TARGETS.submitMs,
    kind: 'max',
  },
];

const passes = (row: Row, value: number) => (row.kind === 'max' ? value <= row.target : value === row.target);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}x` : '-');

export function formChecks(figures: FormFigures | undefined, failure?: string): Check[] {
  if (!figures)
    return ROWS.map((row) => ({ text: `form ${row.label}: no figures (${failure ?? 'not run'}) ✗`, pass: false }));
  return ROWS.map((row) => {
    const value = row.value(figures.runtime);
    const pass = passes(row, value);
    const bound = row.kind === 'max' ? '<=' : '=';
    return {
      text: `form ${row.label} ${value.toFixed(row.digits)}${row.unit ? ` ${row.unit}` : ''} ${bound} ${row.target}${row.unit ? ` ${row.unit}` : ''} ${pass ? '✓' : '✗'}`,
      pass,
    };
  });
}

export function formSection(figures: FormFigures | undefined, failure?: string): ReportSection {
  const title = `${FORM_BENCH_NAME} (${FIELD_COUNT} fields, ${ROW_COUNT}-row sub-table)`;
  if (!figures) return { title, lines: [`failed: ${failure?.split('\n')[0] ?? 'unknown'}`] };
  const { runtime: r, plain: p } = figures;
  const header = ['figure', 'runtime', 'uncontrolled', 'ratio', 'target', ''];
  const rows = ROWS.map((row) => {
    const value = row.value(r);
    const fmt = (v: number) => `${v.toFixed(row.digits)}${row.unit ? ` ${row.unit}` : ''}`;
    return [
      row.label,
      fmt(value),
      fmt(row.value(p)),
      ratio(value, row.value(p)),
      `${row.kind === 'max' ? '<=' : '='} ${row.target}${row.unit ? ` ${row.unit}` : ''}`,
      passes(row, value) ? '✓' : '✗',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return {
    title,
    lines: [
      line(header),
      widths.map((w) => '-'.repeat(w)).join('  '),
      ...rows.map(line),
      `keystroke: keydown to the end of its input event's synchronous work and React commit, median; ` +
        `max ${r.keyTopMaxMs.toFixed(2)} ms (top), ${r.keyCellMaxMs.toFixed(2)} ms (cell).`,
      `all script per keystroke, deferred work included (CDP ScriptDuration): runtime ` +
        `${r.scriptTopMs.toFixed(2)} ms top, ${r.scriptCellMs.toFixed(2)} ms cell; uncontrolled ` +
        `${p.scriptTopMs.toFixed(2)} ms, ${p.scriptCellMs.toFixed(2)} ms.`,
      `first paint: navigation start to the paint of every field's widget and the first rows, median of ${LOADS} cold loads; ` +
        `first contentful paint ${r.fcpMs?.toFixed(0) ?? '-'} ms. Inputs mounted: runtime ${r.mountedInputs}, uncontrolled ${p.mountedInputs}.`,
      `submit: validateForm over every field and cell with the ${r.submitErrors} messages shown, median of ${SUBMITS}; ` +
        `uncontrolled: checkValidity() on every input (${p.submitErrors} invalid).`,
      `Chromium ${figures.chromium}, page built in ${figures.buildSeconds.toFixed(1)} s.`,
    ],
  };
}
