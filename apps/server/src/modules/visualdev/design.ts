import { z } from 'zod';
import {
  checkDesign,
  collectFields,
  DesignFormatError,
  EMPTY_COLUMN_DATA,
  holdsValue,
  listTreeProblem,
  migrateFormDesign,
  toFormLang,
  type ColumnData,
  type FormJson,
} from '@atrium/shared/forms';
import { fail } from '../../core/errors.ts';

/** A model's design, parsed from the JSON texts the designer saves. */
export interface Design {
  form: FormJson;
  columns: ColumnData;
  app: Record<string, unknown>;
}

const listItem = z.object({ prop: z.string().min(1).max(100), label: z.string().max(100).optional().default('') });

const rowKey = z.string().trim().max(200).optional();

/** What the runtime relies on in a list configuration; the rest passes through for the designer. */
const columnDataShape = z
  .object({
    type: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
      .optional()
      .default(1),
    columnList: z.array(listItem.passthrough()).max(500).optional().default([]),
    searchList: z
      .array(
        listItem
          .extend({
            searchType: z
              .union([z.literal(1), z.literal(2), z.literal(3)])
              .optional()
              .default(1),
          })
          .passthrough(),
      )
      .max(100)
      .optional()
      .default([]),
    defaultSidx: z.string().max(100).optional().default(''),
    sort: z.enum(['asc', 'desc']).optional().default('desc'),
    hasPage: z.boolean().optional().default(true),
    pageSize: z.number().int().min(1).max(10_000).optional().default(20),
    // The tree's interface and row keys (checked by listTreeProblem, which names the setting).
    treeInterfaceId: z.string().trim().max(100).optional(),
    treeInterfaceName: z.string().max(200).optional(),
    treePropsValue: rowKey,
    treePropsLabel: rowKey,
    treePropsChildren: rowKey,
    treePropsParent: rowKey,
  })
  .passthrough();

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fail('visualdevJsonInvalid', { field });
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Parses and checks a design: the form must pass the designer's own checks (named field, unique
 * names, complete pickers, no empty container ...), the list may only name fields the form
 * stores, and a tree from a data interface needs its interface and valid row keys. Refuses with
 * the first problem, in the caller's language.
 */
export function readDesign(texts: { formData: string; columnData: string; appData: string }, language: string): Design {
  let form: FormJson;
  try {
    // A design saved by an earlier release is brought to the current shape (design-version.ts).
    form = migrateFormDesign(parseJson(texts.formData, 'formData'));
  } catch (error) {
    if (error instanceof DesignFormatError) throw fail('visualdevJsonInvalid', { field: 'formData' });
    throw error;
  }
  const problems = checkDesign(form, toFormLang(language));
  if (problems.length) throw fail('visualdevDesignInvalid', { message: problems[0]!.message });

  const rawColumns = texts.columnData ? parseJson(texts.columnData, 'columnData') : EMPTY_COLUMN_DATA;
  const parsed = columnDataShape.safeParse(rawColumns);
  if (!parsed.success) throw fail('visualdevJsonInvalid', { field: 'columnData' });
  const columns = parsed.data as ColumnData;
  const stored = new Set(
    collectFields(form as FormJson)
      .filter((f) => holdsValue(f.field))
      .map((f) => f.key),
  );
  const listed = [
    ...columns.columnList.map((c) => c.prop),
    ...(columns.searchList ?? []).map((s) => s.prop),
    ...(columns.defaultSidx ? [columns.defaultSidx] : []),
  ];
  const unknown = listed.find((prop) => !stored.has(prop));
  if (unknown) throw fail('visualdevListFieldUnknown', { field: unknown });
  // The runtime runs the interface with these keys: a list that cannot load its tree is not stored.
  const tree = listTreeProblem(columns);
  if (tree?.kind === 'interfaceMissing') throw fail('visualdevListTreeInterfaceMissing', { field: tree.field });
  if (tree?.kind === 'keyInvalid') throw fail('visualdevListTreeKeyInvalid', { field: tree.field, value: tree.value });

  const app = texts.appData ? parseJson(texts.appData, 'appData') : {};
  if (!isObject(app)) throw fail('visualdevJsonInvalid', { field: 'appData' });
  return { form: form as FormJson, columns, app };
}
