import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../../db/index.ts';
import { multipartFile } from '../../testing/index.ts';
import { listFiles } from './archive.ts';
import type { DataLocation } from './backup.ts';

/** What the backup tests share: seeded sources, empty targets, and the comparisons of their contents. */

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `atrium-${name}-`));

/** The upload routes' multipart body, as the server injection takes it. */
export function multipart(fields: Record<string, string | number>, filename: string, bytes: Buffer) {
  const { payload, contentType } = multipartFile(filename, bytes, fields);
  return { headers: { 'content-type': contentType }, payload };
}

/** Every table this connection sees (on SQLite the credential store's too) with its rows as sorted JSON texts. */
export async function tablesOf(db: Db, dialect: 'sqlite' | 'postgres'): Promise<Map<string, string[]>> {
  const names =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from main.sqlite_master where type = 'table' and name not like 'sqlite_%'
            union all select name from cred.sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name);
  const tables = new Map<string, string[]>();
  for (const name of names.sort()) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    tables.set(name, rows.map((row) => JSON.stringify(row)).sort());
  }
  return tables;
}

/** The files under `dataDir/files`, by path relative to it, with the md5 of their bytes. */
export async function filesOf(dataDir: string): Promise<Map<string, string>> {
  const root = path.join(dataDir, 'files');
  const found = new Map<string, string>();
  for (const rel of await listFiles(root)) found.set(rel, md5(fs.readFileSync(path.join(root, rel))));
  return found;
}

/** An empty place to restore into: a fresh data folder, and on PostgreSQL a fresh database. */
export interface Target {
  location: DataLocation;
  /** Opens the restored database in the schema the source used. */
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  drop(): Promise<void>;
}

export async function emptyTarget(source: DataLocation['database']): Promise<Target> {
  const dataDir = tempDir('restore');
  if ('file' in source) {
    const file = path.join(dataDir, 'atrium.db');
    return {
      location: { dataDir, database: { file } },
      async open() {
        return openDatabase({ file });
      },
      async drop() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `atrium_restore_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  return {
    location: { dataDir, database: { url: url.toString() } },
    async open() {
      return openDatabase({ url: url.toString(), ...(source.schema ? { schema: source.schema } : {}) });
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: source.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
