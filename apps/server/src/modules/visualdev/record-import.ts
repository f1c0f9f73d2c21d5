import { fieldOptions, kindOf, type FormField } from '@atrium/shared/forms';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../core/errors.ts';
import { runCommand } from '../../core/unit-of-work.ts';
import type { ReleasedModel } from './released.ts';
import { createRecord, type Writer } from './record-service.ts';

/**
 * Records of an online form from a spreadsheet, through the three steps of the import dialog: the
 * template (one column per importable field, headed by its label), the preview of an uploaded
 * workbook, and the import, where each row is saved like a record added in the form (the same
 * validation, server-filled fields and numbering), in a unit of work of its own so one bad row
 * does not stop the others. Failed rows come back with the reason.
 */

/** Field kinds a cell of text can stand for: typed values and options chosen by their label. */
const IMPORTABLE = new Set([
  'comInput',
  'textarea',
  'numInput',
  'switch',
  'radio',
  'select',
  'checkbox',
  'date',
  'time',
  'colorPicker',
  'rate',
  'slider',
  'PsdInput',
]);

export interface ImportColumn {
  id: string;
  fullName: string;
  field: FormField;
}

/** The main-table fields a workbook column can fill, in form order. */
export function importColumns(model: ReleasedModel): ImportColumn[] {
  const columns: ImportColumn[] = [];
  const walk = (fields: readonly FormField[] | undefined) => {
    for (const field of fields ?? []) {
      const key = String(field.__config__?.jnpfKey);
      if (key === 'table') continue;
      if (Array.isArray(field.__config__?.children)) walk(field.__config__.children);
      else if (field.__vModel__ && IMPORTABLE.has(key) && model.fieldsByKey.has(field.__vModel__))
        columns.push({ id: field.__vModel__, fullName: String(field.__config__.label ?? field.__vModel__), field });
    }
  };
  walk(model.form.fields);
  return columns;
}

/** A date in a cell: `yyyy-MM-dd`, with an optional time, read in the server's time zone. */
function timeOf(text: string): number | undefined {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)).getTime();
}

/**
 * A cell's text as the field's value, or a message when it cannot be one. Options are found by
 * their label (or their id); several of a multi-choice field are separated by commas.
 */
function valueOf(field: FormField, text: string): { value?: unknown; problem?: string } {
  const cell = text.trim();
  if (!cell) return { value: undefined };
  const kind = kindOf(field)!;
  switch (kind.key) {
    case 'numInput':
    case 'rate':
    case 'slider': {
      const n = Number(cell.replace(/,/g, ''));
      return Number.isFinite(n) ? { value: n } : { problem: cell };
    }
    case 'switch':
      return { value: ['1', 'true', '是', '开', 'yes', 'on'].includes(cell.toLowerCase()) ? 1 : 0 };
    case 'date': {
      const t = timeOf(cell);
      return t === undefined ? { problem: cell } : { value: t };
    }
    case 'radio':
    case 'select':
    case 'checkbox': {
      const options = fieldOptions(field);
      const find = (label: string) =>
        options.find((o) => String(o.fullName) === label || String(o.id) === label)?.id ?? null;
      const many = kind.key === 'checkbox' || field.multiple === true;
      const labels = many
        ? cell
            .split(/[,，、]/)
            .map((l) => l.trim())
            .filter(Boolean)
        : [cell];
      const ids = labels.map(find);
      if (ids.some((id) => id === null)) return { problem: cell };
      return { value: many ? ids : ids[0] };
    }
    default:
      return { value: cell };
  }
}

export type ImportRow = Record<string, string>;

/** Saves each row as a new record; answers the counts and the rows that failed, with their reasons. */
export async function importRecords(
  db: Db,
  model: ReleasedModel,
  rows: readonly ImportRow[],
  writer: Writer,
  words: {
    /** The message for a cell that cannot be the field's value. */
    invalidCell: (label: string, text: string) => string;
    /** A refusal's message in the caller's language. */
    refusal: (error: AppError) => string;
  },
) {
  const columns = importColumns(model);
  const failResult: (ImportRow & { errorsInfo: string })[] = [];
  let snum = 0;
  for (const row of rows) {
    const data: Record<string, unknown> = {};
    const problems: string[] = [];
    for (const column of columns) {
      const { value, problem } = valueOf(column.field, row[column.id] ?? '');
      if (problem !== undefined) problems.push(words.invalidCell(column.fullName, problem));
      else if (value !== undefined) data[column.id] = value;
    }
    if (!problems.length) {
      try {
        await runCommand(db, ({ trx }) => createRecord(trx, model, JSON.stringify(data), writer));
        snum++;
        continue;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const errors = (error.data as { errors?: { label: string; message: string }[] } | undefined)?.errors;
        problems.push(...(errors?.map((e) => e.message) ?? [words.refusal(error)]));
      }
    }
    failResult.push({ ...row, errorsInfo: problems.join('; ') });
  }
  return { resultType: failResult.length ? 1 : 0, snum, fnum: failResult.length, failResult };
}
