import { signIn } from '../atrium-client.ts';
import type { BenchGroup } from '../scenario.ts';

const TEMPLATE = 'User template (empty workbook)';
const EXPORT = 'User export (1 000 rows)';
/** The large data set's accounts run user00000 to user09999; this keyword matches the first thousand. */
const EXPORT_KEYWORD = 'user00';
const EXPORT_ROWS = 1000;

/**
 * Spreadsheets are built in worker threads kept warm between calls (core/worker-pool.ts): the
 * empty template shows what a call costs beyond the workbook itself, the export of 1 000 users
 * what a real one costs. Each call writes the workbook to the data folder and answers its link.
 */
export const spreadsheetGroup: BenchGroup = {
  scenarios: [
    {
      name: TEMPLATE,
      server: 'atrium-large',
      // An administrator or two downloading at once: latency per workbook is what counts.
      connections: 2,
      envelope: true,
      async prepare(origin) {
        const token = await signIn(origin, 'admin');
        return {
          method: 'GET',
          path: '/prod/api/permission/Users/TemplateDownload',
          headers: { authorization: token },
        };
      },
    },
    {
      name: EXPORT,
      server: 'atrium-large',
      connections: 2,
      envelope: true,
      async prepare(origin) {
        const token = await signIn(origin, 'admin');
        const headers = { authorization: token };
        // The list with the same filter says how many rows the export will hold.
        const list = new URLSearchParams({ keyword: EXPORT_KEYWORD, currentPage: '1', pageSize: '1' });
        const res = await fetch(`${origin}/prod/api/permission/Users?${list}`, { headers });
        const total = ((await res.json()) as { data?: { pagination?: { total?: number } } }).data?.pagination?.total;
        if (total !== EXPORT_ROWS)
          throw new Error(`keyword ${EXPORT_KEYWORD} matches ${total} users, not ${EXPORT_ROWS}`);
        const query = new URLSearchParams({ keyword: EXPORT_KEYWORD });
        return { method: 'GET', path: `/prod/api/permission/Users/ExportExcel?${query}`, headers };
      },
    },
  ],
  targets: [],
};
