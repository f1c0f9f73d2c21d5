// `npm start`: builds the web app if needed, then runs the server, passing signals through so that
// SIGTERM still drains in-flight requests.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, root } from './web-build.mjs';

ensureWebBuilt();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
