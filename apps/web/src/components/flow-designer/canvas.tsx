/**
 * The node tree drawn top to bottom: a chain of cards joined by connectors, each connector with its
 * "+"; a condition or parallel group as side-by-side branch columns between two horizontal lines,
 * then what follows the group; the end marker under the main chain. Lines are CSS borders and
 * pseudo-elements of the columns (flow-designer.module.css).
 */
import { CloseOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  summarizeBranch,
  summarizeNode,
  type BranchingNode,
  type ConditionBranch,
  type FlowNode,
} from '@atrium/shared/workflow';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddNode } from './add-node.tsx';
import { useFlow, useFlowEnv, useFlowStore } from './context.tsx';
import { NODE_ICONS } from './node-icons.tsx';
import styles from './flow-designer.module.css';

const stop = (e?: MouseEvent) => e?.stopPropagation();

/** The delete cross of a card, asking first. */
function RemoveButton({ id, confirm, testId }: { id: string; confirm: string; testId: string }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  return (
    <Popconfirm
      title={confirm}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={(e) => {
        stop(e);
        store.getState().remove(id);
      }}
      onCancel={stop}
    >
      <button
        type="button"
        className={styles.cardRemove}
        aria-label={t('flowDesigner.remove')}
        onClick={stop}
        data-testid={testId}
      >
        <CloseOutlined />
      </button>
    </Popconfirm>
  );
}

function useSelected(id: string) {
  return useFlow((s) => s.selectedId === id);
}

function NodeCard({ node }: { node: FlowNode }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  const root = useFlow((s) => s.root);
  const { lang, fieldLabels, problemIds } = useFlowEnv();
  const selected = useSelected(node.nodeId);
  const Icon = NODE_ICONS[node.type];
  const faulty = problemIds.has(node.nodeId);
  const classes = [styles.card, styles[`type_${node.type}`], selected && styles.selected, faulty && styles.faulty];
  return (
    <div
      role="button"
      tabIndex={0}
      className={classes.filter(Boolean).join(' ')}
      onClick={() => store.getState().select(node.nodeId)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') store.getState().select(node.nodeId);
      }}
      aria-invalid={faulty || undefined}
      data-testid={`flow-node-${node.nodeId}`}
    >
      <div className={styles.cardHeader}>
        <Icon />
        <span className={styles.cardTitle}>{node.name}</span>
        {node.type !== 'start' && (
          <RemoveButton
            id={node.nodeId}
            confirm={t('flowDesigner.removeNodeConfirm')}
            testId={`flow-remove-${node.nodeId}`}
          />
        )}
      </div>
      <div className={styles.cardBody}>{summarizeNode(node, lang, { fieldLabels, root })}</div>
    </div>
  );
}

function BranchCard({ group, branch, index }: { group: BranchingNode; branch: ConditionBranch; index: number }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  const { lang, fieldLabels, problemIds } = useFlowEnv();
  const selected = useSelected(branch.nodeId);
  const count = group.conditionNodes.length;
  const faulty = problemIds.has(branch.nodeId);
  const isCondition = group.type === 'condition';
  const movable = (to: number) => {
    const other = group.conditionNodes[to];
    return !!other && !other.isDefault && !branch.isDefault;
  };
  const move = (delta: -1 | 1) => (e: MouseEvent) => {
    stop(e);
    store.getState().moveBranch(branch.nodeId, delta);
  };
  const classes = [styles.card, styles.branchCard, selected && styles.selected, faulty && styles.faulty];
  return (
    <div
      role="button"
      tabIndex={0}
      className={classes.filter(Boolean).join(' ')}
      onClick={() => store.getState().select(branch.nodeId)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') store.getState().select(branch.nodeId);
      }}
      aria-invalid={faulty || undefined}
      data-testid={`flow-branch-${branch.nodeId}`}
    >
      <div className={styles.branchHeader}>
        <span className={styles.cardTitle}>{branch.name}</span>
        {isCondition && <span className={styles.priority}>{t('flowDesigner.priority', { n: branch.priority })}</span>}
        <RemoveButton
          id={branch.nodeId}
          confirm={t(count <= 2 ? 'flowDesigner.removeLastBranchConfirm' : 'flowDesigner.removeBranchConfirm')}
          testId={`flow-remove-${branch.nodeId}`}
        />
      </div>
      <div className={styles.cardBody}>
        {isCondition ? summarizeBranch(branch, lang, { fieldLabels }) : t('flowDesigner.parallelBranch')}
      </div>
      {count > 1 && (
        <div className={styles.branchMoves}>
          {index > 0 && movable(index - 1) && (
            <Tooltip title={t('flowDesigner.moveLeft')}>
              <button
                type="button"
                className={styles.branchMove}
                onClick={move(-1)}
                aria-label={t('flowDesigner.moveLeft')}
                data-testid={`flow-move-left-${branch.nodeId}`}
              >
                <LeftOutlined />
              </button>
            </Tooltip>
          )}
          <span className={styles.spacer} />
          {index < count - 1 && movable(index + 1) && (
            <Tooltip title={t('flowDesigner.moveRight')}>
              <button
                type="button"
                className={styles.branchMove}
                onClick={move(1)}
                aria-label={t('flowDesigner.moveRight')}
                data-testid={`flow-move-right-${branch.nodeId}`}
              >
                <RightOutlined />
              </button>
            </Tooltip>
          )}
        </div>
      )}
    </div>
  );
}

function Group({ group }: { group: BranchingNode }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  const selected = useSelected(group.nodeId);
  return (
    <div className={styles.group} data-testid={`flow-group-${group.nodeId}`}>
      <div className={styles.groupHead}>
        <Button
          size="small"
          shape="round"
          className={`${styles.addBranch} ${selected ? styles.selected : ''}`}
          icon={<PlusOutlined />}
          onClick={() => store.getState().addBranch(group.nodeId)}
          data-testid={`flow-add-branch-${group.nodeId}`}
        >
          {t(group.type === 'parallel' ? 'flowDesigner.addParallelBranch' : 'flowDesigner.addConditionBranch')}
        </Button>
        <button
          type="button"
          className={styles.groupLabel}
          onClick={() => store.getState().select(group.nodeId)}
          data-testid={`flow-node-${group.nodeId}`}
        >
          {group.name}
        </button>
      </div>
      <div className={styles.branches}>
        {group.conditionNodes.map((branch, index) => (
          <div key={branch.nodeId} className={styles.branchColumn}>
            <span className={styles.coverTop} />
            <span className={styles.coverBottom} />
            <BranchCard group={group} branch={branch} index={index} />
            <AddNode place={{ branch: branch.nodeId }} />
            <Chain head={branch.childNode} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** One node and, after it, the rest of its chain. */
function Step({ node }: { node: FlowNode }): ReactNode {
  const body =
    node.type === 'condition' || node.type === 'parallel' ? <Group group={node} /> : <NodeCard node={node} />;
  return (
    <>
      {body}
      <AddNode place={{ after: node.nodeId }} />
      {node.childNode && <Step node={node.childNode} />}
    </>
  );
}

function Chain({ head }: { head: FlowNode | null }) {
  return <div className={styles.chain}>{head && <Step node={head} />}</div>;
}

export function Canvas({ zoom }: { zoom: number }) {
  const { t } = useTranslation();
  const root = useFlow((s) => s.root);
  return (
    <div className={styles.canvas} data-testid="flow-canvas">
      <div className={styles.tree} style={{ transform: `scale(${zoom})` }}>
        <Chain head={root} />
        <div className={styles.end} data-testid="flow-end">
          <span className={styles.endDot} />
          {t('flowDesigner.end')}
        </div>
      </div>
    </div>
  );
}
