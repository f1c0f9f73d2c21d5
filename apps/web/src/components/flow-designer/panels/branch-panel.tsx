/** Properties of a branch (its name, default switch and rules) and of a group (its name and mode). */
import type { BranchingNode, ConditionProperties } from '@atrium/shared/workflow';
import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlowStore } from '../context.tsx';
import { RulesEditor } from '../rules-editor.tsx';
import { useBranch } from './use-node.ts';

const MODES: readonly ConditionProperties['mode'][] = ['exclusive', 'inclusive', 'chooser'];

/** The mode of a condition group: first match, every match, or the previous handler chooses. */
export function GroupPanel({ group }: { group: BranchingNode }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  if (group.type === 'parallel') return <p>{t('flowDesigner.group.parallelHint')}</p>;
  return (
    <Form.Item label={t('flowDesigner.group.mode')}>
      <Radio.Group
        value={group.properties.mode}
        onChange={(e) =>
          store
            .getState()
            .updateNode(group.nodeId, { properties: { mode: e.target.value as ConditionProperties['mode'] } })
        }
        options={MODES.map((v) => ({ value: v, label: t(`flowDesigner.group.modes.${v}`) }))}
        data-testid="flow-group-mode"
      />
    </Form.Item>
  );
}

export function BranchPanel({ branchId }: { branchId: string }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  const place = useBranch(branchId);
  if (!place) return null;
  const { group, branch } = place;
  const update = store.getState().updateBranch;
  const chooser = group.type === 'condition' && group.properties.mode === 'chooser';
  return (
    <>
      <Form.Item label={t('flowDesigner.branch.name')}>
        <Input
          value={branch.name}
          onChange={(e) => update(branchId, { name: e.target.value }, 'name')}
          data-testid="flow-branch-name"
        />
      </Form.Item>
      <GroupPanel group={group} />
      {group.type === 'condition' && !chooser && (
        <>
          <Form.Item label={t('flowDesigner.branch.isDefault')} extra={t('flowDesigner.branch.defaultHint')}>
            <Switch
              checked={!!branch.isDefault}
              onChange={(isDefault) => update(branchId, { isDefault })}
              data-testid="flow-branch-default"
            />
          </Form.Item>
          {!branch.isDefault && (
            <RulesEditor value={branch.when} onChange={(when) => update(branchId, { when }, 'when')} />
          )}
        </>
      )}
    </>
  );
}
