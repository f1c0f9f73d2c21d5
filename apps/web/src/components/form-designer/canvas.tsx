/**
 * The canvas: the form laid out like the renderer lays it (fields by their span of 24, containers
 * with their children), each field selectable and draggable. Every node subscribes to its own
 * node by id, so an edit or a drag re-renders the fields it touches and not the form.
 */
import { ArrowUpOutlined, CopyOutlined, DeleteOutlined, DragOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { memo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner, useDesignerStore, useHasProblem } from './context.tsx';
import { listKey, useCanvasNode, useDropHint, useDropList, type Axis } from './dnd/index.ts';
import { KindIcon } from './kinds.tsx';
import { FieldPreview } from './previews.tsx';
import { kindKey, type DesignNode, type NodeId } from './tree.ts';
import styles from './form-designer.module.css';
import { cx } from '../../utils/class-names.ts';

/** A list of fields: the form's or a container's. A drop target for "at the end". */
function ChildList({
  parentId,
  childIds,
  depth,
  className,
  empty,
}: {
  parentId: NodeId | null;
  childIds: readonly NodeId[];
  depth: number | null;
  className?: string;
  empty?: ReactNode;
}) {
  const ref = useDropList(parentId, depth);
  const hint = useDropHint(listKey(parentId));
  const childDepth = depth === null ? 0 : depth + 1;
  return (
    <div ref={ref} className={cx(styles.list, className)}>
      {childIds.map((id) => (
        <CanvasNode key={id} id={id} depth={childDepth} />
      ))}
      {!childIds.length && empty}
      {hint === 'end' && <div className={styles.endLine} />}
    </div>
  );
}

/** Copy, delete and select-parent on the selected field. */
function NodeActions({ node }: { node: DesignNode }) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const stop = (run: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    run();
  };
  const item = kindKey(node.field) === 'tabItem' || kindKey(node.field) === 'collapseItem';
  return (
    <>
      <div className={styles.nodeTag}>
        <DragOutlined /> {t(`formDesigner.kinds.${kindKey(node.field)}`, { defaultValue: kindKey(node.field) })}
      </div>
      <div className={styles.nodeActions}>
        {node.parentId && (
          <Tooltip title={t('formDesigner.canvas.selectParent')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('formDesigner.canvas.selectParent')}
              onClick={stop(() => store.getState().select(node.parentId))}
            />
          </Tooltip>
        )}
        {!item && (
          <Tooltip title={t('formDesigner.canvas.copy')}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('formDesigner.canvas.copy')}
              onClick={stop(() => store.getState().copy(node.id))}
            />
          </Tooltip>
        )}
        <Tooltip title={t('formDesigner.canvas.remove')}>
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('formDesigner.canvas.remove')}
            onClick={stop(() => store.getState().remove(node.id))}
          />
        </Tooltip>
      </div>
    </>
  );
}

/** A tab's header: selects its tab item and shows it; dragged to reorder the tabs. */
function TabPill({
  id,
  tabId,
  depth,
  active,
  onActivate,
}: {
  id: NodeId;
  tabId: NodeId;
  depth: number;
  active: boolean;
  onActivate: (id: NodeId) => void;
}) {
  const node = useDesigner((s) => s.doc.nodes[id]);
  const selected = useDesigner((s) => s.selectedId === id);
  const store = useDesignerStore();
  const { ref, isDragSource } = useCanvasNode(id, tabId, depth, 'x');
  const hint = useDropHint(id);
  if (!node) return null;
  return (
    <div
      ref={ref}
      data-dnd-node={id}
      className={cx(
        styles.tabPill,
        styles.axisX,
        active && styles.tabPillActive,
        selected && styles.tabPillSelected,
        isDragSource && styles.nodeDragging,
        hint === 'before' && styles.hintBefore,
        hint === 'after' && styles.hintAfter,
      )}
      onClick={(e) => {
        e.stopPropagation();
        onActivate(id);
        store.getState().select(id);
      }}
    >
      {String(node.field.title ?? node.field.__config__.label ?? '')}
    </div>
  );
}

function AddItemButton({ parentId, label }: { parentId: NodeId; label: string }) {
  const store = useDesignerStore();
  const kind = kindKey(store.getState().doc.nodes[parentId]!.field) === 'tab' ? 'tabItem' : 'collapseItem';
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={<PlusOutlined />}
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          store.getState().add(kind, parentId);
        }}
      />
    </Tooltip>
  );
}

function TabBody({ node, depth }: { node: DesignNode; depth: number }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<NodeId | null>(null);
  // A selected tab item (or a field inside one) shows its tab.
  const selectedItem = useDesigner((s) => {
    for (let at = s.selectedId; at; at = s.doc.nodes[at]?.parentId ?? null) {
      if (s.doc.nodes[at]?.parentId === node.id) return at;
    }
    return null;
  });
  const active = [selectedItem, chosen].find((id) => id && node.childIds.includes(id)) ?? node.childIds[0];
  return (
    <div className={styles.container}>
      <div className={styles.tabBar}>
        {node.childIds.map((id) => (
          <TabPill key={id} id={id} tabId={node.id} depth={depth + 1} active={id === active} onActivate={setChosen} />
        ))}
        <AddItemButton parentId={node.id} label={t('formDesigner.canvas.addTab')} />
      </div>
      <div className={styles.containerBody}>{active && <ItemList id={active} depth={depth + 1} />}</div>
    </div>
  );
}

/** The fields of one tab item (the tab item itself is its pill). */
function ItemList({ id, depth }: { id: NodeId; depth: number }) {
  const { t } = useTranslation();
  const childIds = useDesigner((s) => s.doc.nodes[id]?.childIds ?? EMPTY);
  return (
    <ChildList
      parentId={id}
      childIds={childIds}
      depth={depth}
      empty={<div className={styles.emptyList}>{t('formDesigner.canvas.emptyContainer')}</div>}
    />
  );
}

const EMPTY: NodeId[] = [];

/** The inside of a container field. */
function ContainerBody({ node, depth }: { node: DesignNode; depth: number }) {
  const { t } = useTranslation();
  const kind = kindKey(node.field);
  const f = node.field;
  const title = String(f.header || f.title || f.__config__.label || '');
  const emptyText = <div className={styles.emptyList}>{t('formDesigner.canvas.emptyContainer')}</div>;
  const list = (className?: string, empty = emptyText) => (
    <ChildList parentId={node.id} childIds={node.childIds} depth={depth} className={className} empty={empty} />
  );
  switch (kind) {
    case 'tab':
      return <TabBody node={node} depth={depth} />;
    case 'row':
      return <div className={styles.rowBox}>{list()}</div>;
    case 'table':
      return (
        <div className={styles.container}>
          <div className={styles.containerHead}>
            <span>{f.__config__.showTitle === false ? '' : f.__config__.label}</span>
            <KindIcon kind="table" />
          </div>
          <div className={styles.containerBody}>
            {list(styles.columns, <div className={styles.emptyList}>{t('formDesigner.canvas.emptyTable')}</div>)}
          </div>
        </div>
      );
    case 'collapse':
      return (
        <div className={styles.container}>
          <div className={styles.containerHead}>
            <span>{f.__config__.label || t('formDesigner.kinds.collapse')}</span>
            <AddItemButton parentId={node.id} label={t('formDesigner.canvas.addPanel')} />
          </div>
          <div className={styles.containerBody}>{list()}</div>
        </div>
      );
    case 'tableGrid':
      return (
        <div
          className={styles.container}
          style={{ borderColor: (f.borderColor as string | undefined) || undefined, borderStyle: 'solid' }}
        >
          <div className={styles.containerBody}>{list()}</div>
        </div>
      );
    default:
      // card, collapse item, and containers of kinds this release does not know
      return (
        <div className={styles.container}>
          <div className={styles.containerHead}>
            <span>
              {title ||
                t(`formDesigner.kinds.${kind}`, { defaultValue: t('formDesigner.canvas.unknownKind', { kind }) })}
            </span>
            <KindIcon kind={kind} />
          </div>
          <div className={styles.containerBody}>{list()}</div>
        </div>
      );
  }
}

/** One field of the canvas, subscribed to its own node only. */
const CanvasNode = memo(function CanvasNode({ id, depth }: { id: NodeId; depth: number }) {
  const problem = useHasProblem(id);
  const node = useDesigner((s) => s.doc.nodes[id]);
  const selected = useDesigner((s) => s.selectedId === id);
  const parentKind = useDesigner((s) => {
    const parentId = s.doc.nodes[id]?.parentId;
    return parentId ? kindKey(s.doc.nodes[parentId]!.field) : null;
  });
  const store = useDesignerStore();
  const span = Number(node?.field.__config__.span) || 24;
  const column = parentKind === 'table';
  const axis: Axis = column || span < 24 ? 'x' : 'y';
  const { ref, isDragSource } = useCanvasNode(id, node?.parentId ?? null, depth, axis);
  const hint = useDropHint(id);
  if (!node) return null;
  // Columns of a sub-table have a fixed width; panels of a collapse take the full width.
  const width = column
    ? undefined
    : parentKind === 'collapse'
      ? '100%'
      : `${(Math.min(24, Math.max(1, span)) / 24) * 100}%`;
  return (
    <div
      ref={ref}
      data-dnd-node={id}
      data-testid={`fd-node-${node.field.__vModel__ ?? `${kindKey(node.field)}-${node.field.__config__.formId ?? id}`}`}
      className={cx(
        styles.node,
        axis === 'x' ? styles.axisX : styles.axisY,
        column && styles.column,
        selected && styles.nodeSelected,
        isDragSource && styles.nodeDragging,
        problem && styles.nodeProblem,
        hint === 'before' && styles.hintBefore,
        hint === 'after' && styles.hintAfter,
      )}
      style={width ? { width } : undefined}
      onClick={(e) => {
        e.stopPropagation();
        store.getState().select(id);
      }}
    >
      {node.container ? <ContainerBody node={node} depth={depth} /> : <FieldPreview field={node.field} />}
      {selected && <NodeActions node={node} />}
    </div>
  );
});

/** The whole canvas; a click on its background selects the form itself. */
export function Canvas() {
  const { t } = useTranslation();
  const rootIds = useDesigner((s) => s.doc.rootIds);
  const labelPosition = useDesigner((s) => s.doc.settings.labelPosition ?? 'right');
  const labelWidth = useDesigner((s) => s.doc.settings.labelWidth ?? 100);
  const store = useDesignerStore();
  return (
    <div
      className={styles.canvas}
      data-label={labelPosition}
      style={{ ['--fd-label-width' as string]: `${labelWidth}px` }}
      onClick={() => store.getState().select(null)}
      data-testid="fd-canvas"
    >
      <ChildList
        parentId={null}
        childIds={rootIds}
        depth={null}
        className={styles.rootList}
        empty={
          <div className={styles.emptyCanvas}>
            <DragOutlined />
            <span>{t('formDesigner.canvas.empty')}</span>
          </div>
        }
      />
    </div>
  );
}
