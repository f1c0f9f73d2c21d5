import type { DictionaryOption } from '@atrium/shared';
import type { FieldOption, FormField } from '@atrium/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { request } from '../../../api/request.ts';
import { useDictionary } from '../../../stores/dictionaries.ts';

/** An option as antd's selects take it. */
export interface UiOption {
  value: string | number;
  label: string;
  disabled?: boolean;
  children?: UiOption[];
}

type Keys = { value: string; label: string; children: string };

function keysOf(field: FormField): Keys {
  const props = (field.props ?? {}) as { props?: Partial<Keys> } & Partial<Keys>;
  const inner = props.props ?? props;
  return { value: inner.value ?? 'id', label: inner.label ?? 'fullName', children: inner.children ?? 'children' };
}

function fromRows(rows: Record<string, unknown>[], keys: Keys): UiOption[] {
  return rows.map((r) => {
    const children = r[keys.children];
    return {
      value: r[keys.value] as string | number,
      label: String(r[keys.label] ?? r[keys.value] ?? ''),
      disabled: r.disabled === true || undefined,
      children:
        Array.isArray(children) && children.length ? fromRows(children as Record<string, unknown>[], keys) : undefined,
    };
  });
}

const fromDictionary = (options: DictionaryOption[], field: 'id' | 'enCode'): UiOption[] =>
  options.map((o) => ({
    value: o[field],
    label: o.fullName,
    children: o.children?.length ? fromDictionary(o.children, field) : undefined,
  }));

/**
 * The options of a select-like field: the designer's static list, a dictionary's enabled items
 * (stored by id, or by enCode when the designer says so), or the rows of a data interface
 * (its widget list call, all rows at once).
 */
export function useFieldOptions(field: FormField): { options: UiOption[]; loading: boolean } {
  const cfg = field.__config__;
  const dataType = cfg.dataType ?? 'static';
  const keys = useMemo(() => keysOf(field), [field]);
  const dictionary = useDictionary(dataType === 'dictionary' ? cfg.dictionaryType : undefined);
  const dynamic = useQuery({
    queryKey: ['form-runtime', 'options', cfg.propsUrl, keys.value, keys.label],
    enabled: dataType === 'dynamic' && !!cfg.propsUrl,
    staleTime: 60_000,
    queryFn: async () =>
      (
        await request<{ list: Record<string, unknown>[] }>({
          url: `/api/system/DataInterface/${encodeURIComponent(cfg.propsUrl!)}/Action/List`,
          method: 'POST',
          data: { currentPage: 1, pageSize: 10_000, propsValue: keys.value, relationField: keys.label },
        })
      ).data?.list ?? [],
  });
  const staticOptions = (field.__slot__?.options ?? (field.options as FieldOption[] | undefined)) as
    Record<string, unknown>[] | undefined;
  return useMemo(() => {
    if (dataType === 'dictionary')
      return {
        options: fromDictionary(dictionary.options, keys.value === 'enCode' ? 'enCode' : 'id'),
        loading: dictionary.loading,
      };
    if (dataType === 'dynamic') return { options: fromRows(dynamic.data ?? [], keys), loading: dynamic.isLoading };
    return { options: fromRows(staticOptions ?? [], keys), loading: false };
  }, [dataType, dictionary.options, dictionary.loading, dynamic.data, dynamic.isLoading, staticOptions, keys]);
}

/** The labels of stored values, looked up through a (tree of) options. */
export function labelsOf(values: unknown, options: UiOption[]): string[] {
  const list = Array.isArray(values)
    ? values
    : values === undefined || values === null || values === ''
      ? []
      : [values];
  const index = new Map<string, string>();
  const walk = (opts: UiOption[]) =>
    opts.forEach((o) => {
      index.set(String(o.value), o.label);
      if (o.children) walk(o.children);
    });
  walk(options);
  return list.map((v) =>
    Array.isArray(v) ? v.map((x) => index.get(String(x)) ?? String(x)).join('/') : (index.get(String(v)) ?? String(v)),
  );
}
