import { CloseOutlined } from '@ant-design/icons';
import { AREA_ROOT, type AreaRow } from '@atrium/shared';
import { Button, Empty, Modal, Tree } from 'antd';
import type { EventDataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaApi } from '../../api/area.ts';
import { joinNames, pickerLevel } from './area-options.ts';
import styles from './area-picker.module.css';

/** A picked place: its id path from the province down and the names along it. */
export interface PickedArea {
  ids: string[];
  names: string[];
}

interface Node {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: Node[];
  /** The node's place, so a pick carries its whole path. */
  ids: string[];
  names: string[];
}

const toNodes = (rows: readonly AreaRow[], level: number, parent?: Node): Node[] =>
  rows.map((r) => ({
    key: r.id,
    title: r.fullName,
    isLeaf: !r.hasChildren || r.type > level,
    ids: [...(parent?.ids ?? []), r.id],
    names: [...(parent?.names ?? []), r.fullName],
  }));

const attach = (nodes: Node[], key: string, children: Node[]): Node[] =>
  nodes.map((n) =>
    n.key === key
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: attach(n.children, key, children) }
        : n,
  );

export interface AreaTransferDialogProps {
  open: boolean;
  /** The places picked when the dialog opens; cancelling returns to them. */
  value: readonly PickedArea[];
  /** Deepest level offered (0 province .. 3 street, default 2). */
  level?: number;
  multiple?: boolean;
  onConfirm: (picked: PickedArea[]) => void;
  onCancel: () => void;
}

/**
 * The 'province/city/district' tree-transfer dialog: a lazy tree of areas on the
 * left, the picked places on the right with a clear-list action. Only the last level (or an area
 * without sub-areas) can be picked; a single picker replaces, a multiple one appends.
 */
export function AreaTransferDialog({
  open,
  value,
  level,
  multiple = true,
  onConfirm,
  onCancel,
}: AreaTransferDialogProps) {
  const { t } = useTranslation();
  const depth = pickerLevel(level);
  const [tree, setTree] = useState<Node[]>([]);
  const [picked, setPicked] = useState<PickedArea[]>([]);

  useEffect(() => {
    if (!open) return;
    setPicked([...value]);
    let live = true;
    void areaApi.children(AREA_ROOT, { enabledOnly: true }).then((rows) => live && setTree(toNodes(rows, depth)));
    return () => {
      live = false;
    };
    // The value is copied once per opening: edits stay local until confirmed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, depth]);

  async function loadData(node: EventDataNode<Node>) {
    if (node.children) return;
    const rows = await areaApi.children(node.key, { enabledOnly: true });
    setTree((current) => attach(current, node.key, toNodes(rows, depth, node)));
  }

  function pick(node: Node) {
    if (!node.isLeaf) return;
    const place = { ids: node.ids, names: node.names };
    setPicked((current) => {
      if (!multiple) return [place];
      return current.some((p) => p.ids.join() === place.ids.join()) ? current : [...current, place];
    });
  }

  // Names of the opening value may arrive after the dialog opened (GetAreaByIds): show the latest.
  const latestNames = new Map(value.map((v) => [v.ids.join(), v.names]));

  return (
    <Modal
      open={open}
      title={t('area.dialogTitle')}
      width={800}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => onConfirm(picked)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div className={styles.transfer} data-testid="area-transfer">
        <div className={styles.pane}>
          <Tree<Node>
            treeData={tree}
            loadData={loadData}
            selectedKeys={[]}
            onSelect={(_, { node }) => pick(node)}
            height={360}
          />
        </div>
        <div className={styles.pane}>
          <div className={styles.paneHeader}>
            <span>
              {t('area.selected')} ({picked.length})
            </span>
            <Button type="link" size="small" onClick={() => setPicked([])} disabled={!picked.length}>
              {t('area.clear')}
            </Button>
          </div>
          {picked.length ? (
            <ul className={styles.pickedList} data-testid="area-transfer-picked">
              {picked.map((p) => (
                <li key={p.ids.join()}>
                  <span>{joinNames(latestNames.get(p.ids.join()) ?? p.names)}</span>
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={t('admin.remove')}
                    onClick={() => setPicked((current) => current.filter((c) => c !== p))}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
          )}
        </div>
      </div>
    </Modal>
  );
}
