// The server the browser scenarios run against: the real app on a fresh database in a temp folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuilt, root } from './web-build.mjs';

ensureWebBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
});
const stop = (signal) => server.kill(signal);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
