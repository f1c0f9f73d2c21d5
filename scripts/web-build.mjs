// Builds the web app when its output is missing or older than any of its sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export function ensureWebBuilt() {
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (built && built >= changed) return;
  console.log(built ? 'web app sources changed: rebuilding' : 'building the web app (first start)');
  execFileSync('npm', ['run', 'build', '-w', '@atrium/web'], { cwd: root, stdio: 'inherit' });
}
