import type { FormField } from '@atrium/shared/forms';
import { request } from '../../api/request.ts';
import { interfaceApi, type InterfaceQuery, type Row } from './picker-api.ts';

/**
 * Where a popup-like field's rows come from: a data interface (popupSelect, popupTableSelect,
 * autoComplete) or the records of another online form (relationForm). Both answer pages by
 * keyword and rows by stored keys, so the widgets do not care which.
 */
export interface RowSource {
  /** Identifies the source in caches. */
  key: string;
  valueField: string;
  labelField: string;
  columns: { value: string; label: string }[];
  page(query: { keyword: string; currentPage: number; pageSize: number }): Promise<{ list: Row[]; total: number }>;
  byIds(ids: string[]): Promise<Row[]>;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

function columnsOf(field: FormField): { value: string; label: string }[] {
  const raw = Array.isArray(field.columnOptions) ? (field.columnOptions as { value?: unknown; label?: unknown }[]) : [];
  return raw
    .filter((c) => typeof c?.value === 'string' && c.value)
    .map((c) => ({ value: c.value as string, label: str(c.label, c.value as string) }));
}

/** Parameters of the interface call: each template item's default value, by parameter name. */
function paramsOf(field: FormField): InterfaceQuery['paramList'] {
  const raw = Array.isArray(field.templateJson) ? (field.templateJson as Record<string, unknown>[]) : [];
  return raw
    .filter((p) => typeof p.field === 'string')
    .map((p) => ({ field: p.field as string, defaultValue: p.defaultValue ?? '' }));
}

export function interfaceSource(field: FormField): RowSource | null {
  const interfaceId = str(field.interfaceId, '');
  if (!interfaceId) return null;
  const valueField = str(field.propsValue, 'id');
  const labelField = str(field.relationField, 'fullName');
  const columns = columnsOf(field);
  const paramList = paramsOf(field);
  return {
    key: `interface:${interfaceId}`,
    valueField,
    labelField,
    columns: columns.length ? columns : [{ value: labelField, label: labelField }],
    page: (query) =>
      interfaceApi.list(interfaceId, {
        ...query,
        propsValue: valueField,
        relationField: labelField,
        columnOptions: columns.map((c) => c.value).join(','),
        paramList,
      }),
    byIds: (ids) =>
      interfaceApi.byIds(interfaceId, { ids, propsValue: valueField, relationField: labelField, paramList }),
  };
}

/** The records of another online form (relationForm), by its model id. */
export function modelSource(field: FormField): RowSource | null {
  const modelId = str(field.modelId, '');
  if (!modelId) return null;
  const labelField = str(field.relationField, 'fullName');
  const columns = columnsOf(field);
  const base = `/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}`;
  return {
    key: `model:${modelId}`,
    valueField: 'id',
    labelField,
    columns: columns.length ? columns : [{ value: labelField, label: labelField }],
    async page(query) {
      const res = await request<{ list: Row[]; pagination: { total: number } }>({
        url: `${base}/List`,
        method: 'POST',
        data: query,
      });
      return { list: res.data?.list ?? [], total: res.data?.pagination.total ?? 0 };
    },
    // The list's own columns, as the popup showed them: a record out of the caller's scope is
    // simply not answered.
    async byIds(ids) {
      const res = await request<{ list: Row[] }>({
        url: `${base}/List`,
        method: 'POST',
        data: { ids, currentPage: 1, pageSize: Math.max(ids.length, 1) },
      });
      return res.data?.list ?? [];
    },
  };
}

/**
 * Rows the user picked lately, by source and key: the attribute fields beside a popup show the
 * picked row's other columns without asking the server again. Bounded, oldest out first.
 */
const remembered = new Map<string, Row>();
const LIMIT = 500;

export function rememberRows(source: RowSource, rows: readonly Row[]): void {
  for (const row of rows) {
    const key = `${source.key}#${String(row[source.valueField])}`;
    remembered.delete(key);
    remembered.set(key, row);
    if (remembered.size > LIMIT) remembered.delete(remembered.keys().next().value!);
  }
}

export function rememberedRow(source: RowSource, id: string): Row | undefined {
  return remembered.get(`${source.key}#${id}`);
}

/** A row's cell as text. */
export const cellText = (row: Row | undefined, field: string) => {
  const v = row?.[field];
  return v === null || v === undefined ? '' : String(v);
};
