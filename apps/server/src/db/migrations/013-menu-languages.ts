import type { Kysely } from 'kysely';
import { fillSeededNames } from '../data/menu-names.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Messages in the user's language:
 * - menus and systems get `full_name_i18n`, a JSON object of their names in zh-TW and en-US
 *   (`full_name` stays the zh-CN name). Seeded menus and systems that still carry their seeded
 *   zh-CN name get the seeded translations; renamed ones keep showing their own name;
 * - `sys_log.status` keeps an operation's HTTP status apart from its text, so that the text can be
 *   a code translated when listed.
 */
export async function up(db: Db): Promise<void> {
  for (const table of ['menu', 'app_system']) {
    await db.schema
      .alterTable(table)
      .addColumn('full_name_i18n', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
  await db.schema
    .alterTable('sys_log')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await fillSeededNames(db);
}
