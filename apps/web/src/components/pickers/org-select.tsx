import type { PickerNodeType, PickerTreeNode } from '@atrium/shared';
import type { FormField, JnpfKey } from '@atrium/shared/forms';
import { ROLE_GLOBAL_NODE } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Spin, Tabs, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerApi } from './picker-api.ts';
import { PickerField } from './picker-field.tsx';
import {
  TOP_NODE_ID,
  addPicked,
  allowedIds,
  filterTree,
  itemOf,
  organizeIdsOf,
  pickable,
  storedValue,
  treeIds,
  valueList,
  type PickedItem,
} from './picker-values.ts';
import { TransferDialog } from './transfer-dialog.tsx';
import { usePicked } from './use-picked.ts';
import type { PickerWidgetProps } from './user-select.tsx';
import styles from './pickers.module.css';

/** The organisation-like kinds: what each picks, how it is titled and where its tree comes from. */
type OrgKind = 'comSelect' | 'depSelect' | 'posSelect' | 'roleSelect' | 'groupSelect';

interface KindSpec {
  /** Node types that may be picked (the leaves of that picker). */
  types: readonly PickerNodeType[];
  /** How stored ids are looked up for their names. */
  lookup: 'organize' | 'department' | 'position' | 'role' | 'group';
  titleKey: 'pickOrganize' | 'pickDepartment' | 'pickPosition' | 'pickRole' | 'pickGroup';
  /** Stored as paths of organisation ids. */
  paths?: boolean;
}

const KINDS: Record<OrgKind, KindSpec> = {
  comSelect: { types: ['company', 'department'], lookup: 'organize', titleKey: 'pickOrganize', paths: true },
  depSelect: { types: ['department'], lookup: 'department', titleKey: 'pickDepartment' },
  posSelect: { types: ['position'], lookup: 'position', titleKey: 'pickPosition' },
  roleSelect: { types: ['role'], lookup: 'role', titleKey: 'pickRole' },
  groupSelect: { types: ['group'], lookup: 'group', titleKey: 'pickGroup' },
};

export const isOrgKind = (key: JnpfKey | undefined): key is OrgKind => !!key && key in KINDS;

/** The tree a field's picker offers, by kind and options (auth, custom ids, top node). */
function loadTree(kind: OrgKind, field: FormField, topName: string): Promise<PickerTreeNode[]> {
  const allowed = allowedIds(field);
  const auth = !!field.auth;
  switch (kind) {
    case 'comSelect':
      // Under a top parent the only-org option offers nothing but the top node.
      if (field.isOnlyOrg && field.currOrgId === TOP_NODE_ID)
        return Promise.resolve([
          {
            id: TOP_NODE_ID,
            parentId: '',
            fullName: topName,
            type: 'company',
            isLeaf: true,
            hasChildren: false,
            icon: '',
            organize: topName,
            organizeIds: [TOP_NODE_ID],
            lastFullName: topName,
          },
        ]);
      return allowed ? pickerApi.organizeCondition(allowed) : pickerApi.organizes(auth);
    case 'depSelect':
      return allowed ? pickerApi.organizeCondition(allowed) : pickerApi.departments(auth);
    case 'posSelect':
      return allowed ? pickerApi.positionCondition(allowed) : pickerApi.positions();
    case 'roleSelect':
      return pickerApi.roles();
    case 'groupSelect':
      return pickerApi.groups();
  }
}

interface TreeNode extends TreeDataNode {
  key: string;
  raw: PickerTreeNode;
  children?: TreeNode[];
}

const toTreeData = (nodes: readonly PickerTreeNode[], types: readonly PickerNodeType[]): TreeNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    raw: n,
    selectable: pickable(n, types),
    disabled: n.disabled && !n.children?.length,
    children: n.children?.length ? toTreeData(n.children, types) : undefined,
  }));

function SearchTree(props: {
  nodes: readonly PickerTreeNode[];
  keyword: string;
  types: readonly PickerNodeType[];
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerTreeNode) => void;
  testId: string;
}) {
  const filtered = useMemo(() => filterTree(props.nodes, props.keyword), [props.nodes, props.keyword]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  if (!filtered.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree<TreeNode>
      blockNode
      treeData={toTreeData(filtered, props.types)}
      // Searching opens everything that matched; otherwise the first level is open.
      expandedKeys={props.keyword ? treeIds(filtered) : (expanded ?? filtered.map((n) => n.id))}
      onExpand={(keys) => setExpanded(keys.map(String))}
      selectedKeys={[...props.pickedIds]}
      onSelect={(_keys, info) => {
        if (pickable(info.node.raw, props.types)) props.onPick(info.node.raw);
      }}
      data-testid={props.testId}
    />
  );
}

export interface OrgPickerDialogProps {
  kind: OrgKind;
  field: FormField;
  open: boolean;
  multiple: boolean;
  initial: readonly PickedItem[];
  onConfirm: (items: PickedItem[]) => void;
  onCancel: () => void;
}

/**
 * The tree-transfer dialogs 'select organisation', 'select department', 'select position',
 * 'select role' (tabs organisation and global) and 'group select': the tree on the left, searched by
 * substring, where only the kind's own nodes can be picked; the picked ones on the right.
 */
export function OrgPickerDialog({ kind, field, open, multiple, initial, onConfirm, onCancel }: OrgPickerDialogProps) {
  const { t } = useTranslation();
  const spec = KINDS[kind];
  const [picked, setPicked] = useState<PickedItem[]>([...initial]);
  const [keyword, setKeyword] = useState('');
  const tree = useQuery({
    queryKey: [
      'pickers',
      kind,
      field.auth ?? false,
      allowedIds(field),
      field.isOnlyOrg ?? false,
      field.currOrgId ?? '',
    ],
    queryFn: () => loadTree(kind, field, t('pickers.topNode')),
    enabled: open,
  });
  const pickedIds = new Set(picked.map((p) => p.id));
  const onPick = (node: PickerTreeNode) => setPicked((current) => addPicked(current, itemOf(node), multiple));
  const testId = `org-picker-${kind}`;
  const treeOf = (nodes: readonly PickerTreeNode[], suffix = '') => (
    <SearchTree
      nodes={nodes}
      keyword={keyword}
      types={spec.types}
      pickedIds={pickedIds}
      onPick={onPick}
      testId={`${testId}-tree${suffix}`}
    />
  );
  let body: ReactNode;
  if (!tree.data) body = <Spin style={{ display: 'block', margin: 16 }} />;
  else if (kind === 'roleSelect') {
    // The global roles sit under node '1'; every other node is an organisation with its roles.
    const global = tree.data.filter((n) => n.id === ROLE_GLOBAL_NODE).flatMap((n) => n.children ?? []);
    const organizations = tree.data.filter((n) => n.id !== ROLE_GLOBAL_NODE);
    body = (
      <Tabs
        size="small"
        items={[
          { key: 'organize', label: t('pickers.roleOrganize'), children: treeOf(organizations, '-organize') },
          { key: 'global', label: t('pickers.roleGlobal'), children: treeOf(global, '-global') },
        ]}
      />
    );
  } else body = treeOf(tree.data);

  return (
    <TransferDialog
      open={open}
      title={t(`pickers.${spec.titleKey}`)}
      picked={picked}
      onRemove={(id) => setPicked((current) => current.filter((p) => p.id !== id))}
      onClear={() => setPicked([])}
      onConfirm={() => onConfirm(picked)}
      onCancel={onCancel}
      data-testid={testId}
    >
      <Input.Search
        allowClear
        placeholder={t('pickers.searchTree')}
        aria-label={t('pickers.searchTree')}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={setKeyword}
        data-testid={`${testId}-search`}
      />
      <div className={styles.scroll}>{body}</div>
    </TransferDialog>
  );
}

/**
 * The comSelect, depSelect, posSelect, roleSelect and groupSelect kinds. comSelect stores each
 * organisation as its path of ids; the others store ids.
 */
export function OrgSelect({ field, value, onChange, disabled, readOnly, id }: PickerWidgetProps) {
  const { t } = useTranslation();
  const kind = field.__config__?.jnpfKey as OrgKind;
  const spec = KINDS[kind];
  const multiple = !!field.multiple;
  const [open, setOpen] = useState(false);
  const ids = spec.paths ? organizeIdsOf(value) : valueList(value);
  const looked = usePicked(
    ids.filter((x) => x !== TOP_NODE_ID),
    spec.lookup,
  );
  const items = ids.map(
    (x) =>
      looked.find((i) => i.id === x) ?? {
        id: x,
        fullName: t('pickers.topNode'),
        path: [TOP_NODE_ID],
        type: 'company' as const,
      },
  );
  const commit = (next: PickedItem[]) => onChange(storedValue(next, multiple, spec.paths));
  return (
    <>
      <PickerField
        id={id}
        items={items}
        placeholder={field.placeholder}
        disabled={disabled}
        readOnly={readOnly}
        clearable={field.clearable !== false}
        onOpen={() => setOpen(true)}
        onRemove={(removed) => commit(items.filter((i) => i.id !== removed))}
        onClear={() => commit([])}
        data-testid={`picker-${field.__vModel__ ?? kind}`}
      />
      {open && (
        <OrgPickerDialog
          kind={kind}
          field={field}
          open
          multiple={multiple}
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
