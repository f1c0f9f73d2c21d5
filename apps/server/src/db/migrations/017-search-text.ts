import type { Kysely } from 'kysely';
import { areaSearch } from '../../modules/system/area/area-search.ts';
import { userSearch } from '../../modules/permission/users.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * PostgreSQL: the keyword search of areas and users looks its candidates up in one trigram index
 * over the searched columns joined (docs/search.md) instead of one per column, which the planner
 * misjudged. Databases made since migration 015 was changed already have it; SQLite is untouched.
 */
export async function up(db: Db): Promise<void> {
  await areaSearch.upgrade(db);
  await userSearch.upgrade(db);
}

export async function down(): Promise<void> {
  // The joined index serves the same queries; there is nothing to put back.
}
