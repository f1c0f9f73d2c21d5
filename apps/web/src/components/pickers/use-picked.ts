import type { PickerNodeType } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pickerApi } from './picker-api.ts';
import { CURRENT_USER, type PickedItem } from './picker-values.ts';

/**
 * The display items of a picker's stored ids, looked up once per set of ids. `type` names what the
 * ids are when they carry no `--type` suffix themselves (organisations, positions, roles, groups).
 * An id the caller may not see (outside the picker scope, or deleted) shows as the id itself.
 */
export function usePicked(ids: readonly string[], type?: Exclude<PickerNodeType, 'user'> | 'organize') {
  const { t } = useTranslation();
  const lookup = ids.filter((id) => id !== CURRENT_USER).map((id) => (type ? `${id}--${type}` : id));
  const { data } = useQuery({
    queryKey: ['pickers', 'selected', lookup],
    queryFn: () => pickerApi.selected(lookup),
    enabled: lookup.length > 0,
    staleTime: 60_000,
  });
  const byId = new Map((data ?? []).map((n) => [type ? n.id.replace(`--${type}`, '') : n.id, n]));
  return ids.map((id): PickedItem => {
    if (id === CURRENT_USER) return { id, fullName: t('pickers.currentUser'), type: 'system' };
    const node = byId.get(id);
    return node
      ? { id, fullName: node.fullName, detail: node.organize, type: node.type, path: node.organizeIds }
      : { id, fullName: data ? id : '…' };
  });
}
