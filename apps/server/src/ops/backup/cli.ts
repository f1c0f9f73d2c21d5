import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../../config.ts';
import { BackupError } from './archive.ts';
import { createBackup, type DataLocation } from './backup.ts';
import { restoreBackup } from './restore.ts';

/**
 * `npm run backup -- [--out <file>]` and `npm run restore -- <file> [--force]` (docs/backup.md).
 * Reads the same settings as the server (DATA_DIR, DATABASE_URL, S3_*), so it finds the data the
 * server uses: the database, and the files in DATA_DIR/files or in the object store. Refusals print one message and exit 1; anything unexpected prints its stack.
 */

const USAGE = `usage:
  npm run backup -- [--out <file.tar.gz>]    default: DATA_DIR/backups/atrium-<date>-<time>.tar.gz
  npm run restore -- <file.tar.gz> [--force] --force replaces a database and files (folder or bucket) that hold data`;

// npm runs a workspace script in the workspace's folder; a path the operator typed is meant from
// where they typed it, which npm passes on as INIT_CWD.
const fromOperator = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const timestamp = () => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string', short: 'o' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // A setting the server would refuse too: the operator needs the sentence, not a stack.
    throw new BackupError((error as Error).message);
  }
  const location: DataLocation = {
    dataDir: config.dataDir,
    database: config.databaseUrl ? { url: config.databaseUrl } : { file: path.join(config.dataDir, 'atrium.db') },
    // The store the server picks (core/storage.ts createStorage): the bucket when S3_BUCKET is set.
    s3: config.s3,
  };
  const log = (line: string) => console.log(line);
  if (command === 'backup') {
    if (positionals.length || values.force) throw new BackupError(USAGE);
    const out = values.out
      ? fromOperator(values.out)
      : path.join(config.dataDir, 'backups', `atrium-${timestamp()}.tar.gz`);
    await createBackup({ ...location, out, log });
    return;
  }
  if (command === 'restore') {
    if (positionals.length !== 1 || values.out) throw new BackupError(USAGE);
    await restoreBackup({ ...location, archive: fromOperator(positionals[0]!), force: values.force ?? false, log });
    console.log('restore complete: start Atrium as usual');
    return;
  }
  throw new BackupError(USAGE);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(error instanceof BackupError ? error.message : `${(error as Error).message}\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
