import { signIn } from '../atrium-client.ts';
import type { BenchGroup, BenchRequest } from '../scenario.ts';
import { p95Below } from '../targets.ts';

const SEARCH = 'Area keyword search (every level, 44 700 areas)';
const NAMES = 'GetAreaByIds (20 address paths)';

/** Twenty district paths, as a list page of records with an address column would look them up. */
const PATHS = [
  ['110000', '110100', '110101'],
  ['110000', '110100', '110105'],
  ['120000', '120100', '120101'],
  ['310000', '310100', '310115'],
  ['320000', '320100', '320102'],
  ['330000', '330100', '330106'],
  ['340000', '340100', '340102'],
  ['350000', '350100', '350102'],
  ['370000', '370100', '370102'],
  ['410000', '410100', '410102'],
  ['420000', '420100', '420102'],
  ['430000', '430100', '430102'],
  ['440000', '440100', '440103'],
  ['440000', '440300', '440305'],
  ['500000', '500100', '500101'],
  ['510000', '510100', '510104'],
  ['610000', '610100', '610102'],
  ['220000', '220100', '220102'],
  ['230000', '230100', '230102'],
  ['210000', '210100', '210102'],
];

/** The admin screen's area search for 南山 (Shenzhen's district and the streets named after it). */
export async function areaSearchRequest(origin: string): Promise<BenchRequest> {
  const token = await signIn(origin, 'admin');
  const query = new URLSearchParams({ keyword: '南山' });
  return { method: 'GET', path: `/prod/api/system/Area/-1?${query}`, headers: { authorization: token } };
}

/**
 * Address fields: the admin screen's keyword search looks through every level of the seeded
 * divisions (name, code or short form, first 200 matches with their paths) by the search index
 * (docs/search.md), with a two-character keyword; a list of records turns its address values into
 * names with one GetAreaByIds call. The areas are the same in every data set (migration 006).
 */
export const areaGroup: BenchGroup = {
  scenarios: [
    {
      name: SEARCH,
      server: 'atrium',
      connections: 10,
      envelope: true,
      prepare: areaSearchRequest,
    },
    {
      name: NAMES,
      server: 'atrium',
      connections: 50,
      envelope: true,
      async prepare(origin) {
        const token = await signIn(origin, 'admin');
        return {
          method: 'POST',
          path: '/prod/api/system/Area/GetAreaByIds',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ idsList: PATHS }),
        };
      },
    },
  ],
  targets: [p95Below(SEARCH, 10), p95Below(NAMES, 50)],
};
