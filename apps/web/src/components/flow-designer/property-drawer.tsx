/** The drawer of the selected node or branch: its name, then the panel of its type. */
import { findBranch, findNode, type FlowNode } from '@atrium/shared/workflow';
import { Drawer, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlow, useFlowStore } from './context.tsx';
import { ApproverPanel } from './panels/approver-panel.tsx';
import { BranchPanel, GroupPanel } from './panels/branch-panel.tsx';
import { StartPanel } from './panels/start-panel.tsx';
import { CopyPanel, SubFlowPanel, TimerPanel, TriggerPanel } from './panels/step-panels.tsx';

function NodePanel({ node }: { node: FlowNode }) {
  switch (node.type) {
    case 'start':
      return <StartPanel node={node} />;
    case 'approver':
    case 'handle':
      return <ApproverPanel node={node} />;
    case 'copy':
      return <CopyPanel node={node} />;
    case 'condition':
    case 'parallel':
      return <GroupPanel group={node} />;
    case 'subFlow':
      return <SubFlowPanel node={node} />;
    case 'timer':
      return <TimerPanel node={node} />;
    case 'trigger':
      return <TriggerPanel node={node} />;
  }
}

export function PropertyDrawer() {
  const { t } = useTranslation();
  const store = useFlowStore();
  const selectedId = useFlow((s) => s.selectedId);
  const node = useFlow((s) => (s.selectedId ? findNode(s.root, s.selectedId) : null));
  const isBranch = useFlow((s) => !!s.selectedId && !!findBranch(s.root, s.selectedId));
  const open = !!node || isBranch;
  const title = node ? t(`flowDesigner.types.${node.type}`) : t('flowDesigner.branch.title');
  return (
    <Drawer
      open={open}
      title={title}
      size={560}
      onClose={() => store.getState().select(null)}
      destroyOnHidden
      data-testid="flow-property-drawer"
    >
      <Form layout="vertical" component="div">
        {node && (
          <>
            <Form.Item label={t('flowDesigner.nodeName')}>
              <Input
                value={node.name}
                maxLength={50}
                onChange={(e) => store.getState().updateNode(node.nodeId, { name: e.target.value }, 'name')}
                data-testid="flow-node-name"
              />
            </Form.Item>
            <NodePanel node={node} />
          </>
        )}
        {!node && isBranch && selectedId && <BranchPanel branchId={selectedId} />}
      </Form>
    </Drawer>
  );
}
