import { commentText, lines, lit, prop } from './emit.ts';
import type { GenField, GenPlan, GenTable } from './plan.ts';

/**
 * apps/web/src/views/<area>/<name>/api.ts: typed calls of the generated routes over the app's
 * `request` (the envelope, the token, the timeouts), and the types of a record's values.
 */

/** Names of the web module's exports, shared with the page template. */
export const webApiNames = (plan: GenPlan) => ({
  api: `${plan.camel}Api`,
  values: `${plan.className}Values`,
  row: `${plan.className}Row`,
  list: `${plan.className}List`,
  query: `${plan.className}Query`,
  filters: `${plan.className}Filters`,
});

/** The TypeScript type of a value as the form holds it. */
function typeOf(f: GenField): string {
  if (f.storage === 'json') {
    if (f.valueType === 'files') return 'Array<{ name: string; [key: string]: unknown }> | null';
    if (f.valueType === 'number[]' || f.valueType === 'timestamp[]') return 'Array<number | null> | null';
    return 'Array<string | number | Array<string | number>> | null';
  }
  if (f.storage === 'number' || f.storage === 'decimal' || f.storage === 'timestamp') return 'number | null';
  return f.idValue ? 'string | number | null' : 'string | null';
}

const subType = (plan: GenPlan, t: GenTable) => `${plan.className}${t.stem}Row`;
const isNumeric = (f: GenField) => f.storage === 'number' || f.storage === 'decimal' || f.storage === 'timestamp';

/** The query parameters of the list's search fields, with their types. */
export function filterParams(plan: GenPlan): { name: string; type: string }[] {
  return plan.searches.flatMap((s) => {
    if (s.type === 1 && s.param) return [{ name: s.param, type: isNumeric(s.field) ? 'number' : 'string' }];
    if (s.type === 3 && s.from && s.to)
      return [
        { name: s.from, type: 'number' },
        { name: s.to, type: 'number' },
      ];
    return [];
  });
}

export function webApi(plan: GenPlan): string {
  const n = webApiNames(plan);
  const field = (f: GenField) =>
    `  ${prop(f.key)}?: ${typeOf(f)}; // ${commentText(f.label)}${f.companion ? ' (id)' : ''}`;
  const params = filterParams(plan);
  return lines(
    "import type { PageResult } from '@atrium/shared';",
    "import { request } from '../../../api/request.ts';",
    '',
    `const BASE = ${lit(plan.route)};`,
    'const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;',
    '',
    ...plan.subs.flatMap((t) => [
      `/** A row of ${commentText(t.label)} (${t.vModel}). */`,
      `export type ${subType(plan, t)} = {`,
      ...t.fields.map(field),
      '};',
      '',
    ]),
    `/** A record of ${commentText(plan.fullName)} as the form holds it, keyed by the form's field names. */`,
    `export type ${n.values} = {`,
    ...plan.main.fields.map(field),
    ...plan.subs.map((t) => `  ${prop(t.vModel!)}?: ${subType(plan, t)}[]; // ${commentText(t.label)}`),
    '};',
    '',
    "/** A list row: the record's id and the list's columns. */",
    `export interface ${n.row} {`,
    '  id: string;',
    plan.listed.length
      ? `  data: Pick<${n.values}, ${plan.listed.map((l) => lit(l.field.key)).join(' | ')}>;`
      : '  data: Record<string, never>;',
    '}',
    '',
    '/** One page of the list, with the names of the ids its cells hold (users, organisations ...). */',
    `export interface ${n.list} extends PageResult<${n.row}> {`,
    '  names: Record<string, string>;',
    '}',
    '',
    "/** The list's search fields, as query parameters. */",
    `export type ${n.filters} = {`,
    ...params.map((p) => `  ${prop(p.name)}?: ${p.type};`),
    '};',
    '',
    `export type ${n.query} = ${n.filters} & {`,
    '  keyword?: string;',
    '  currentPage?: number;',
    '  pageSize?: number;',
    "  sort?: 'asc' | 'desc';",
    '  sidx?: string;',
    '};',
    '',
    `export const ${n.api} = {`,
    `  list: async (query: ${n.query}) => (await request<${n.list}>({ url: BASE, data: query })).data!,`,
    `  info: async (id: string) => (await request<{ id: string; version: number; data: ${n.values} }>({ url: at(id) })).data!,`,
    `  create: (data: ${n.values}) => request<{ id: string }>({ url: BASE, method: 'POST', data: { data } }),`,
    `  update: (id: string, data: ${n.values}, version: number) =>`,
    "    request({ url: at(id), method: 'PUT', data: { data, version } }),",
    "  remove: (id: string) => request({ url: at(id), method: 'DELETE' }),",
    '};',
    '',
  );
}
