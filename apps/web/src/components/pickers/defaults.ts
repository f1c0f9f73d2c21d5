import type { UserInfo } from '@atrium/shared';
import type { FormField } from '@atrium/shared/forms';
import { useEffect } from 'react';
import { selectDefaults } from '../select-dialog/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import { valueList, organizeIdsOf } from './picker-values.ts';

/**
 * What a picker that takes default values starts with, from the signed-in user (the select
 * dialog's defaults): the creator for the user pickers, the current organisation for the
 * organisation and department pickers, the first position for the position picker.
 * Undefined when the kind has no such default or the user has none.
 */
export function pickerDefault(field: FormField, userInfo: UserInfo | null | undefined): unknown {
  const d = selectDefaults(userInfo);
  const multiple = !!field.multiple;
  const one = (id: string) => (id ? (multiple ? [id] : id) : undefined);
  switch (field.__config__?.jnpfKey) {
    case 'userSelect':
      return one(d.creatorUserId);
    case 'usersSelect':
      return d.creatorUserId ? one(`${d.creatorUserId}--user`) : undefined;
    case 'comSelect':
      // Organisations are stored as paths; the current organisation's path is known only by id here.
      return d.organizeId ? (multiple ? [[d.organizeId]] : [d.organizeId]) : undefined;
    case 'depSelect':
      return one(d.organizeId);
    case 'posSelect':
      return one(d.positionId);
    default:
      return undefined;
  }
}

/**
 * Fills an empty picker that asks for the current user's values (`__config__.defaultCurrent`) once
 * it shows in an editable form. A value already there, a read-only view or a disabled field is left
 * alone.
 */
export function usePickerDefault(
  field: FormField,
  value: unknown,
  onChange: (value: unknown) => void,
  editable: boolean,
): void {
  const userInfo = useSessionStore((s) => s.userInfo);
  const empty = field.__config__?.jnpfKey === 'comSelect' ? !organizeIdsOf(value).length : !valueList(value).length;
  const wanted = !!field.__config__?.defaultCurrent && editable && empty;
  useEffect(() => {
    if (!wanted) return;
    const initial = pickerDefault(field, userInfo);
    if (initial !== undefined) onChange(initial);
    // Only the first showing fills in; clearing the field afterwards must stay cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
