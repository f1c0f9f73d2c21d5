import type { PageResult } from '@atrium/shared';
import {
  collectFields,
  fieldOptions,
  holdsValue,
  kindOf,
  type ColumnData,
  type FormContext,
  type FormField,
  type FormJson,
  type FormValues,
  type ListSearch,
} from '@atrium/shared/forms';
import type { OnlineListQuery, OnlineRecord, OnlineRow } from '../../../api/visualdev.ts';

/**
 * Sample records for function preview: a model's design is tried as a working list and form before
 * it is released, when it has no table and no records yet. The records live in the page only.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The value of one field in the i-th sample record; undefined leaves the kind's empty value. */
function sampleOf(field: FormField, i: number, ctx: FormContext): unknown {
  const key = field.__config__.jnpfKey;
  const label = String(field.__config__.label ?? field.__vModel__);
  const options = field.__config__.dataType === 'static' || !field.__config__.dataType ? fieldOptions(field) : [];
  const now = ctx.now ?? Date.now();
  switch (key) {
    case 'comInput':
    case 'textarea':
      return `${label} ${i + 1}`;
    case 'numInput':
      return (i + 1) * 100;
    case 'switch':
      return i % 2 === 0 ? (field.activeValue ?? 1) : (field.inactiveValue ?? 0);
    case 'radio':
      return options.length ? options[i % options.length]!.id : undefined;
    case 'select':
      if (!options.length) return undefined;
      return field.multiple ? [options[i % options.length]!.id] : options[i % options.length]!.id;
    case 'checkbox':
      return options.length ? [options[i % options.length]!.id] : undefined;
    case 'date':
      return now - i * DAY;
    case 'time':
      return `${String(9 + (i % 8)).padStart(2, '0')}:30:00`;
    case 'dateRange':
      return [now - (i + 1) * DAY, now - i * DAY];
    case 'timeRange':
      return ['09:00:00', '18:00:00'];
    case 'rate':
      return (i % 5) + 1;
    case 'slider':
      return (i * 10) % 100;
    case 'colorPicker':
      return ['#1677ff', '#52c41a', '#faad14'][i % 3];
    case 'numRange':
      return [i * 10, i * 10 + 50];
    case 'billRule':
      return `PREVIEW${String(i + 1).padStart(4, '0')}`;
    case 'createTime':
    case 'modifyTime':
      return now - i * DAY;
    case 'createUser':
    case 'modifyUser':
      return ctx.user?.id;
    default:
      return undefined;
  }
}

function sampleRecord(fields: readonly FormField[], i: number, ctx: FormContext): FormValues {
  const values: FormValues = {};
  const walk = (list: readonly FormField[] | undefined) => {
    for (const field of list ?? []) {
      if (!field?.__config__) continue;
      if (field.__config__.jnpfKey === 'table' && field.__vModel__) {
        const columns = field.__config__.children ?? [];
        values[field.__vModel__] = [0, 1].map((r) => sampleRecord(columns, i * 2 + r, ctx));
        continue;
      }
      if (Array.isArray(field.__config__.children) && field.__config__.children.length) {
        walk(field.__config__.children);
        continue;
      }
      if (!holdsValue(field) || !field.__vModel__) continue;
      const value = sampleOf(field, i, ctx);
      values[field.__vModel__] = value === undefined ? kindOf(field)?.defaultValue(field, ctx) : value;
    }
  };
  walk(fields);
  return values;
}

/** `count` records for a design, numbered from 1. */
export function sampleRecords(form: FormJson, count: number, ctx: FormContext): FormValues[] {
  return Array.from({ length: count }, (_, i) => sampleRecord(form.fields, i, ctx));
}

/** A field's value as people read it; a sub-table column joins its rows' texts. */
function textOf(values: FormValues, key: string, field: FormField, table: string | undefined, ctx: FormContext) {
  const kind = kindOf(field);
  if (!kind) return '';
  if (!table) return kind.display(values[key], field, ctx);
  const rows = Array.isArray(values[table]) ? (values[table] as FormValues[]) : [];
  return rows
    .map((row) => kind.display(row[field.__vModel__!], field, ctx))
    .filter(Boolean)
    .join(', ');
}

/** Whether a stored value matches one search condition of the list (exact, contains, range). */
function matches(value: unknown, text: string, search: ListSearch, wanted: unknown): boolean {
  if (search.searchType === 2) return text.toLowerCase().includes(String(wanted).toLowerCase());
  if (search.searchType === 3) {
    const [from, to] = Array.isArray(wanted) ? (wanted as unknown[]) : [];
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isNaN(n)) return false;
    return (
      (from === null || from === undefined || from === '' || n >= Number(from)) &&
      (to === null || to === undefined || to === '' || n <= Number(to))
    );
  }
  const choices = Array.isArray(wanted) ? wanted : [wanted];
  const held = Array.isArray(value) ? value : [value];
  return choices.some((c) => held.some((h) => h === c || String(h) === String(c)));
}

interface Stored {
  id: string;
  values: FormValues;
  version: number;
}

/**
 * The record calls of the online-form page over sample records held in memory: list by the
 * design's search fields, sort and paging; read, add, edit and delete. Nothing reaches the server.
 */
export function createSampleSource(form: FormJson, list: ColumnData, ctx: FormContext, count = 12) {
  let next = 0;
  const newId = () => `preview-${++next}`;
  const records: Stored[] = sampleRecords(form, count, ctx).map((values) => ({ id: newId(), values, version: 0 }));
  const fields = new Map(
    collectFields(form)
      .filter((c) => holdsValue(c.field))
      .map((c) => [c.key, c]),
  );
  const text = (r: Stored, key: string) => {
    const c = fields.get(key);
    return c ? textOf(r.values, c.table ? c.field.__vModel__! : key, c.field, c.table, ctx) : '';
  };
  const find = (id: string) => {
    const found = records.find((r) => r.id === id);
    if (!found) throw new Error('record not found');
    return found;
  };
  const ok = <T>(data?: T) => ({ code: 200, msg: '', data });

  return {
    list: async (_modelId: string, query: OnlineListQuery): Promise<PageResult<OnlineRow>> => {
      const wanted = query.queryJson ? (JSON.parse(query.queryJson) as Record<string, unknown>) : {};
      let rows = records.filter((r) =>
        (list.searchList ?? []).every((s) => {
          if (!(s.prop in wanted)) return true;
          return matches(r.values[s.prop], text(r, s.prop), s, wanted[s.prop]);
        }),
      );
      const sidx = query.sidx || list.defaultSidx;
      if (sidx) {
        const sign = (query.sort ?? list.sort) === 'asc' ? 1 : -1;
        rows = [...rows].sort((a, b) => {
          const x = a.values[sidx] as number | string;
          const y = b.values[sidx] as number | string;
          return x === y ? 0 : (x ?? '') > (y ?? '') ? sign : -sign;
        });
      }
      const start = (query.currentPage - 1) * query.pageSize;
      return {
        list: rows.slice(start, start + query.pageSize).map((r) => {
          const row: OnlineRow = { id: r.id };
          for (const column of list.columnList) row[column.prop] = text(r, column.prop);
          return row;
        }),
        pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: rows.length },
      };
    },
    info: async (_modelId: string, id: string): Promise<OnlineRecord> => {
      const r = find(id);
      return { id, data: JSON.stringify(r.values), version: r.version };
    },
    display: async (_modelId: string, id: string) => {
      const r = find(id);
      const shown: Record<string, unknown> = {};
      for (const [key, c] of fields) {
        if (c.table) continue;
        if (c.field.__config__.jnpfKey === 'table') {
          const columns = [...fields.values()].filter((x) => x.table === key);
          const rows = Array.isArray(r.values[key]) ? (r.values[key] as FormValues[]) : [];
          shown[key] = rows.map((row) =>
            Object.fromEntries(
              columns.map((x) => [x.field.__vModel__!, textOf(row, x.field.__vModel__!, x.field, undefined, ctx)]),
            ),
          );
        } else shown[key] = text(r, key);
      }
      return { id, data: JSON.stringify(shown), formData: JSON.stringify(form) };
    },
    create: async (_modelId: string, values: object) => {
      const id = newId();
      records.unshift({ id, values: { ...(values as FormValues) }, version: 0 });
      return ok({ id });
    },
    update: async (_modelId: string, id: string, values: object) => {
      const r = find(id);
      r.values = { ...(values as FormValues) };
      r.version++;
      return ok();
    },
    remove: async (_modelId: string, id: string) => {
      records.splice(records.indexOf(find(id)), 1);
      return ok();
    },
    batchRemove: async (_modelId: string, ids: string[]) => {
      for (const id of ids) {
        const at = records.findIndex((r) => r.id === id);
        if (at >= 0) records.splice(at, 1);
      }
      return ok();
    },
  };
}

export type SampleSource = ReturnType<typeof createSampleSource>;
