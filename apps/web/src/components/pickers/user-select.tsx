import type { PickerTreeNode, UserOption } from '@atrium/shared';
import type { FormField } from '@atrium/shared/forms';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.ts';
import { LazyTree } from './lazy-tree.tsx';
import { OptionList } from './option-list.tsx';
import { pickerApi } from './picker-api.ts';
import { PickerField } from './picker-field.tsx';
import {
  CURRENT_USER,
  addPicked,
  allowedIds,
  itemOf,
  pickable,
  storedValue,
  valueList,
  type PickedItem,
} from './picker-values.ts';
import { TransferDialog } from './transfer-dialog.tsx';
import { usePicked } from './use-picked.ts';
import styles from './pickers.module.css';

const PAGE_SIZE = 20;
const USERS_ONLY = ['user'] as const;

/** A user option as a picked item; `mixed` stores it as `id--user` (usersSelect). */
const userItem = (u: UserOption, mixed: boolean): PickedItem => ({
  id: mixed ? `${u.id}--user` : u.id,
  fullName: u.fullName,
  detail: u.organize,
  type: 'user',
});

export interface UserPickerDialogProps {
  open: boolean;
  title: string;
  multiple: boolean;
  /** Items stored as `id--user` (the usersSelect kind). */
  mixed?: boolean;
  /** 'custom' select type: only these people, as a flat paged list. */
  allowed?: string[] | null;
  initial: readonly PickedItem[];
  onConfirm: (items: PickedItem[]) => void;
  onCancel: () => void;
}

/**
 * The user picker's 800px two-pane dialog. Left: a search box (Enter or the button) over the tabs
 * all data (the lazy organisation tree, or a paged flat list while a keyword is searched), current
 * organisation, my subordinates and system variables (the current user). Only people can be
 * picked; organisations open. With allowed ids it is one flat paged list of those people.
 */
export function UserPickerDialog({
  open,
  title,
  multiple,
  mixed = false,
  allowed,
  initial,
  onConfirm,
  onCancel,
}: UserPickerDialogProps) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.userInfo);
  const [picked, setPicked] = useState<PickedItem[]>([...initial]);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState('all');
  const pickedIds = new Set(picked.map((p) => p.id));
  const pick = (item: PickedItem) => setPicked((current) => addPicked(current, item, multiple));
  const pickNode = (node: PickerTreeNode) => pick(itemOf(node, mixed));

  const searching = !!keyword || !!allowed;
  const results = useQuery({
    queryKey: ['pickers', 'users', allowed ?? 'all', keyword, page],
    queryFn: () =>
      allowed
        ? pickerApi.allowedUsers(allowed, { keyword, currentPage: page, pageSize: PAGE_SIZE })
        : pickerApi.searchUsers({ keyword, currentPage: page, pageSize: PAGE_SIZE }),
    enabled: open && searching,
    placeholderData: keepPreviousData,
  });
  const subordinates = useQuery({
    queryKey: ['pickers', 'subordinates', keyword],
    queryFn: () => pickerApi.subordinates(keyword),
    enabled: open && tab === 'subordinates',
  });

  const search = (value: string) => {
    setKeyword(value.trim());
    setPage(1);
    if (value.trim() && tab !== 'all') setTab('all');
  };
  const list = (
    <OptionList
      items={(results.data?.list ?? []).map((u) => userItem(u, mixed))}
      pickedIds={pickedIds}
      onPick={pick}
      loading={results.isFetching}
      page={{ current: page, pageSize: PAGE_SIZE, total: results.data?.total ?? 0, onChange: setPage }}
      data-testid="user-picker-results"
    />
  );

  return (
    <TransferDialog
      open={open}
      title={title}
      picked={picked}
      onRemove={(id) => setPicked((current) => current.filter((p) => p.id !== id))}
      onClear={() => setPicked([])}
      onConfirm={() => onConfirm(picked)}
      onCancel={onCancel}
      data-testid="user-picker"
    >
      <Input.Search
        allowClear
        value={typed}
        placeholder={t('pickers.searchUsers')}
        aria-label={t('pickers.searchUsers')}
        onChange={(e) => {
          setTyped(e.target.value);
          if (!e.target.value) search('');
        }}
        onSearch={search}
        enterButton
        data-testid="user-picker-search"
      />
      <div className={styles.scroll}>
        {allowed ? (
          list
        ) : (
          <Tabs
            size="small"
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'all',
                label: t('pickers.allData'),
                children: keyword ? (
                  list
                ) : (
                  <LazyTree
                    rootId="0"
                    loadLevel={pickerApi.userLevel}
                    pickable={(n) => pickable(n, USERS_ONLY)}
                    pickedIds={pickedIds}
                    onPick={pickNode}
                    data-testid="user-picker-tree"
                  />
                ),
              },
              {
                key: 'organize',
                label: t('pickers.currentOrganize'),
                children: user?.organizeId ? (
                  <LazyTree
                    rootId={user.organizeId}
                    loadLevel={pickerApi.userLevel}
                    pickable={(n) => pickable(n, USERS_ONLY)}
                    pickedIds={pickedIds}
                    onPick={pickNode}
                    data-testid="user-picker-organize"
                  />
                ) : null,
              },
              {
                key: 'subordinates',
                label: t('pickers.subordinates'),
                children: (
                  <OptionList
                    items={(subordinates.data ?? []).map((u) => userItem(u, mixed))}
                    pickedIds={pickedIds}
                    onPick={pick}
                    loading={subordinates.isFetching}
                    data-testid="user-picker-subordinates"
                  />
                ),
              },
              {
                key: 'system',
                label: t('pickers.systemVariables'),
                children: (
                  <OptionList
                    items={[{ id: CURRENT_USER, fullName: t('pickers.currentUser'), type: 'system' }]}
                    pickedIds={pickedIds}
                    onPick={pick}
                    data-testid="user-picker-system"
                  />
                ),
              },
            ]}
          />
        )}
      </div>
    </TransferDialog>
  );
}

export interface PickerWidgetProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  readOnly?: boolean;
  id?: string;
}

/** The label a picker's dialog names, from the field. */
export const fieldTitle = (field: FormField) => field.__config__?.label ?? '';

/**
 * The userSelect and usersSelect kinds: tags (single or multiple) or a count button
 * (`buttonType: 'button'`), opening the user picker dialog. usersSelect stores `id--user`.
 */
export function UserSelect({ field, value, onChange, disabled, readOnly, id }: PickerWidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mixed = field.__config__?.jnpfKey === 'usersSelect';
  const multiple = !!field.multiple;
  const ids = valueList(value);
  const items = usePicked(ids);
  const commit = (next: PickedItem[]) => onChange(storedValue(next, multiple));
  return (
    <>
      <PickerField
        id={id}
        items={items}
        placeholder={field.placeholder}
        disabled={disabled}
        readOnly={readOnly}
        clearable={field.clearable !== false}
        asButton={field.buttonType === 'button'}
        onOpen={() => setOpen(true)}
        onRemove={(removed) => commit(items.filter((i) => i.id !== removed))}
        onClear={() => commit([])}
        data-testid={`picker-${field.__vModel__ ?? 'user'}`}
      />
      {open && (
        <UserPickerDialog
          open
          title={t('pickers.pickTitle', { title: fieldTitle(field) || t('pickers.users') })}
          multiple={multiple}
          mixed={mixed}
          allowed={allowedIds(field)}
          initial={items}
          onConfirm={(next) => {
            commit(next);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
