import type { PickerTreeNode, UserOption } from '@atrium/shared';
import type { FormField } from '@atrium/shared/forms';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Input, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormStore } from '../form-runtime/store.ts';
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
import { TAB_ROOT, USER_PAGE_SIZE, departmentLevel, nearBottom, roleLevel } from './user-tabs.ts';
import { usePicked } from './use-picked.ts';
import styles from './pickers.module.css';

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
  /** The 'all' select type: department and role tabs besides the others (roles in multiple mode only). */
  all?: boolean;
  initial: readonly PickedItem[];
  onConfirm: (items: PickedItem[]) => void;
  onCancel: () => void;
}

/**
 * The user picker's 800px two-pane dialog. Left: a search box (Enter or the button) over the tabs
 * all data (the lazy organisation tree, or a flat list while a keyword is searched), with the
 * 'all' select type department and (multiple mode) role trees, current organisation, my
 * subordinates and system variables (the current user). Only people can be picked; in multiple
 * mode clicking an organisation or role adds its already loaded people. With allowed ids it is
 * one flat list of those people. Flat lists load 20 at a time, the next within 200px of the bottom.
 */
export function UserPickerDialog({
  open,
  title,
  multiple,
  mixed = false,
  allowed,
  all = false,
  initial,
  onConfirm,
  onCancel,
}: UserPickerDialogProps) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.userInfo);
  const [picked, setPicked] = useState<PickedItem[]>([...initial]);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [tab, setTab] = useState('all');
  const pickedIds = new Set(picked.map((p) => p.id));
  const pick = (item: PickedItem) => setPicked((current) => addPicked(current, item, multiple));
  const pickNode = (node: PickerTreeNode) => pick(itemOf(node, mixed));
  // Multiple mode: an organisation or role node adds its people already loaded under it.
  const pickChildren = multiple
    ? (nodes: PickerTreeNode[]) =>
        setPicked((current) => nodes.reduce((list, n) => addPicked(list, itemOf(n, mixed), true), current))
    : undefined;
  const tree = (
    rootId: string,
    loadLevel: (id: string, node?: PickerTreeNode) => Promise<PickerTreeNode[]>,
    testId: string,
  ) => (
    <LazyTree
      rootId={rootId}
      loadLevel={loadLevel}
      pickable={(n) => pickable(n, USERS_ONLY)}
      pickedIds={pickedIds}
      onPick={pickNode}
      onPickChildren={pickChildren}
      data-testid={testId}
    />
  );

  const searching = !!keyword || !!allowed;
  const results = useInfiniteQuery({
    queryKey: ['pickers', 'users', allowed ?? 'all', keyword],
    queryFn: ({ pageParam }) => {
      const query = { keyword, currentPage: pageParam, pageSize: USER_PAGE_SIZE };
      return allowed ? pickerApi.allowedUsers(allowed, query) : pickerApi.searchUsers(query);
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length ? pages.length + 1 : undefined,
    enabled: open && searching,
  });
  const subordinates = useQuery({
    queryKey: ['pickers', 'subordinates', keyword],
    queryFn: () => pickerApi.subordinates(keyword),
    enabled: open && tab === 'subordinates',
  });

  // The next page loads once the list is scrolled within 200px of its bottom (or does not fill the box).
  const scroller = useRef<HTMLDivElement>(null);
  const more = () => {
    const box = scroller.current;
    if (box && searching && results.hasNextPage && !results.isFetching && nearBottom(box)) void results.fetchNextPage();
  };
  const moreRef = useRef(more);
  moreRef.current = more;
  const loaded = results.data?.pages.length ?? 0;
  useEffect(() => {
    // Checked once the new rows are laid out.
    const id = setTimeout(() => moreRef.current(), 50);
    return () => clearTimeout(id);
  }, [loaded]);

  const search = (value: string) => {
    setKeyword(value.trim());
    if (value.trim() && tab !== 'all') setTab('all');
    scroller.current?.scrollTo?.({ top: 0 });
  };
  const list = (
    <OptionList
      items={(results.data?.pages ?? []).flatMap((p) => p.list).map((u) => userItem(u, mixed))}
      pickedIds={pickedIds}
      onPick={pick}
      loading={results.isFetching}
      hasMore={results.hasNextPage}
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
      <div className={styles.scroll} ref={scroller} onScroll={more} data-testid="user-picker-scroll">
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
                children: keyword ? list : tree('0', pickerApi.userLevel, 'user-picker-tree'),
              },
              ...(all
                ? [
                    {
                      key: 'department',
                      label: t('pickers.departmentTab'),
                      children: tree(TAB_ROOT, departmentLevel, 'user-picker-department'),
                    },
                  ]
                : []),
              ...(all && multiple
                ? [
                    {
                      key: 'role',
                      label: t('pickers.roleTab'),
                      children: tree(TAB_ROOT, roleLevel, 'user-picker-role'),
                    },
                  ]
                : []),
              {
                key: 'organize',
                label: t('pickers.currentOrganize'),
                children: user?.organizeId ? tree(user.organizeId, pickerApi.userLevel, 'user-picker-organize') : null,
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
  /** Inside a form: its store and the value's path (the relation and popup pickers write `<path>_id`). */
  store?: FormStore;
  path?: string;
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
          all={(field.selectType ?? 'all') === 'all'}
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
