// `npm test`: every unit and API test (vitest: SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser scenarios in Debian's Chromium; ends with one line `N passed, N failed` over all runners.
// `--only unit` or `--only e2e` runs one part.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './web-build.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('installing Debian chromium for the browser tests (apt-get install chromium)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let exit = 0;

if (only !== 'e2e') {
  const file = path.join(out, 'vitest.json');
  fs.rmSync(file, { force: true });
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const report = readJson(file);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (status !== 0 || !report) {
    exit = 1;
    if (!report) failed += 1;
  }
}

if (only !== 'unit') {
  ensureChromium();
  const file = path.join(out, 'e2e.json');
  fs.rmSync(file, { force: true });
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const report = readJson(file);
  if (report) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  }
  if (status !== 0 || !report) {
    exit = 1;
    if (!report) failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(exit);
