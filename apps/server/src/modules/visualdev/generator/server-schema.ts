import { commentText, indent, lines, num, prop } from './emit.ts';
import type { GenField, GenPlan, GenTable } from './plan.ts';

/**
 * apps/server/src/modules/<area>/<name>/schema.ts: the zod bodies, query and answers of the
 * generated module, one entry per stored field, shaped by the field kind's storage and value type
 * in the registry (what release stores in the column).
 */

/** Value shapes several fields share; each is written only when a field uses it. */
const SHAPES = {
  idValue: lines(
    '/** An option or picker id, as the form holds it (text or number). */',
    'const idValue = z.union([z.string(), z.number()]);',
  ),
  ids: lines(
    '/** Several ids, or id paths (cascaders, organisations, addresses). */',
    'const ids = z.array(z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])).max(1000);',
  ),
  numbers: lines(
    '/** The two ends of a range (dates as epoch milliseconds); either may be empty. */',
    'const numbers = z.array(z.number().nullable()).max(2);',
  ),
  files: lines(
    '/** Uploaded files or images: each at least a name, with its link and size. */',
    'const files = z.array(z.looseObject({ name: z.string() })).max(100);',
  ),
} as const;
type Shape = keyof typeof SHAPES;

const jsonShape = (f: GenField): Shape =>
  f.valueType === 'files' ? 'files' : f.valueType === 'number[]' || f.valueType === 'timestamp[]' ? 'numbers' : 'ids';

/** The names of the generated module's exports, shared with the other templates. */
export const schemaNames = (plan: GenPlan) => ({
  values: `${plan.camel}Values`,
  valuesType: `${plan.className}Values`,
  body: `${plan.camel}Body`,
  updateBody: `${plan.camel}UpdateBody`,
  listQuery: `${plan.camel}ListQuery`,
  listQueryType: `${plan.className}ListQuery`,
  record: `${plan.camel}Record`,
  recordType: `${plan.className}Record`,
  infoAnswer: `${plan.camel}InfoAnswer`,
  listAnswer: `${plan.camel}ListAnswer`,
  createdAnswer: `${plan.camel}CreatedAnswer`,
});

/** The fields a client sends: everything stored but what the server fills. */
export const sentFields = (table: GenTable) => table.fields.filter((f) => !f.filled);

/** The zod schema of a sent value. */
function inputOf(f: GenField, used: Set<Shape>): string {
  let schema: string;
  if (f.storage === 'json') {
    const shape = jsonShape(f);
    used.add(shape);
    schema = f.required ? `${shape}.min(1)` : shape;
  } else if (f.storage === 'number' || f.storage === 'decimal') {
    schema = 'z.number()';
    if (f.min !== undefined) schema += `.min(${num(f.min)})`;
    if (f.max !== undefined) schema += `.max(${num(f.max)})`;
  } else if (f.storage === 'timestamp') {
    schema = 'z.number().int()';
  } else if (f.idValue) {
    used.add('idValue');
    schema = 'idValue';
  } else {
    schema = 'z.string()';
    if (f.required) schema += '.min(1)';
    schema += `.max(${f.maxLength ?? (f.storage === 'longText' ? 1_000_000 : 10_000)})`;
  }
  return f.required ? schema : `${schema}.nullish()`;
}

/** The zod schema of a stored value read back: text columns answer text, JSON columns their value. */
function outputOf(f: GenField, used: Set<Shape>): string {
  if (f.storage === 'json') {
    const shape = jsonShape(f);
    used.add(shape);
    return `${shape}.nullable()`;
  }
  if (f.storage === 'number' || f.storage === 'decimal' || f.storage === 'timestamp') return 'z.number().nullable()';
  return 'z.string().nullable()';
}

const entry = (f: GenField, schema: string) =>
  `${prop(f.key)}: ${schema}, // ${commentText(f.label)}${f.companion ? ' (id)' : ''}`;

const rowName = (t: GenTable) => `${t.stem.charAt(0).toLowerCase()}${t.stem.slice(1)}Row`;
const recordRowName = (t: GenTable) => `${t.stem.charAt(0).toLowerCase()}${t.stem.slice(1)}Stored`;

function queryEntries(plan: GenPlan): string[] {
  const out: string[] = [];
  for (const s of plan.searches) {
    const numeric = s.field.storage === 'number' || s.field.storage === 'decimal' || s.field.storage === 'timestamp';
    const label = commentText(s.field.label);
    if (s.type === 1 && s.param)
      out.push(
        `${prop(s.param)}: ${numeric ? 'z.coerce.number().optional()' : 'z.string().trim().max(200).optional()'}, // ${label}`,
      );
    if (s.type === 3 && s.from && s.to) {
      out.push(`${prop(s.from)}: z.coerce.number().optional(), // ${label} from`);
      out.push(`${prop(s.to)}: z.coerce.number().optional(), // ${label} to`);
    }
  }
  return out;
}

export function serverSchema(plan: GenPlan): string {
  const n = schemaNames(plan);
  const used = new Set<Shape>();
  const filled = plan.main.fields.filter((f) => f.filled);

  const subInputs = plan.subs.map((t) =>
    lines(
      `/** ${commentText(t.label)} (${t.vModel}): one row of the sub-table. */`,
      `const ${rowName(t)} = z.object({`,
      ...sentFields(t).map((f) => indent(entry(f, inputOf(f, used)))),
      '});',
    ),
  );
  const values = lines(
    `/** The values a client sends${filled.length ? `; the server fills ${filled.map((f) => commentText(f.label)).join(', ')}` : ''}. */`,
    `export const ${n.values} = z.object({`,
    ...sentFields(plan.main).map((f) => indent(entry(f, inputOf(f, used)))),
    ...plan.subs.map((t) =>
      indent(`${prop(t.vModel!)}: z.array(${rowName(t)}).max(1000).optional().default([]), // ${commentText(t.label)}`),
    ),
    '});',
    `export type ${n.valuesType} = z.infer<typeof ${n.values}>;`,
  );

  const subOutputs = plan.subs.map((t) =>
    lines(`const ${recordRowName(t)} = z.object({`, ...t.fields.map((f) => indent(entry(f, outputOf(f, used)))), '});'),
  );
  const record = lines(
    "/** A stored record's values, those the server fills included. */",
    `export const ${n.record} = z.object({`,
    ...plan.main.fields.map((f) => indent(entry(f, outputOf(f, used)))),
    ...plan.subs.map((t) => indent(`${prop(t.vModel!)}: z.array(${recordRowName(t)}),`)),
    '});',
    `export type ${n.recordType} = z.infer<typeof ${n.record}>;`,
  );

  const query = queryEntries(plan);
  const listed = plan.listed.map((l) => `${prop(l.field.key)}: true`);
  const keywordFields = plan.searches.filter((s) => s.type === 2).map((s) => commentText(s.field.label));
  // The field entries above noted which shapes they use; only those are written.
  const shapes = (Object.keys(SHAPES) as Shape[]).filter((s) => used.has(s)).map((s) => SHAPES[s]);

  return lines(
    "import { z } from 'zod';",
    "import { version } from '../../../core/record-schema.ts';",
    "import { pageQuery } from '../../../core/paging.ts';",
    "import { pageOfSchema } from '../../../core/response-schema.ts';",
    "export { idParams } from '../../../core/record-schema.ts';",
    '',
    '/*',
    ` * Request and answer shapes of ${commentText(plan.fullName)} (generated from the visual-development model`,
    ` * ${commentText(plan.enCode)}): one entry per stored field, typed by the field kind's storage in the registry.`,
    ' */',
    '',
    ...shapes.flatMap((s) => [s, '']),
    ...subInputs.flatMap((s) => [s, '']),
    values,
    '',
    `export const ${n.body} = z.object({ data: ${n.values} });`,
    `export const ${n.updateBody} = ${n.body}.extend({ version });`,
    '',
    keywordFields.length
      ? `/** The list's query: the keyword searches ${keywordFields.join(', ')}; the other fields match as the list designer set. */`
      : "/** The list's query: paging, sort and the list's search fields. */",
    query.length
      ? lines(`export const ${n.listQuery} = pageQuery.extend({`, ...query.map((q) => indent(q)), '});')
      : `export const ${n.listQuery} = pageQuery;`,
    `export type ${n.listQueryType} = z.infer<typeof ${n.listQuery}>;`,
    '',
    '// ---------------------------------------------------------------------------------------------',
    "// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.",
    '// ---------------------------------------------------------------------------------------------',
    '',
    ...subOutputs.flatMap((s) => [s, '']),
    record,
    '',
    `export const ${n.infoAnswer} = z.object({ id: z.string(), version: z.number(), data: ${n.record} });`,
    '',
    "/** One page of the list: the list's columns of each record, and the names of the ids they hold. */",
    `export const ${n.listAnswer} = pageOfSchema(`,
    listed.length
      ? `  z.object({ id: z.string(), data: ${n.record}.pick({ ${listed.join(', ')} }) }),`
      : '  z.object({ id: z.string(), data: z.object({}) }),',
    ').extend({ names: z.record(z.string(), z.string()) });',
    '',
    `export const ${n.createdAnswer} = z.object({ id: z.string() });`,
    '',
  );
}
