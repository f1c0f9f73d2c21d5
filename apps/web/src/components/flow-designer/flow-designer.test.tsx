import type { FormJson } from '@atrium/shared/forms';
import {
  AssigneeType,
  createNode,
  defaultFlowTree,
  type ApproverNode,
  type ConditionNode,
  type FlowNode,
  type StartNode,
} from '@atrium/shared/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadAreaTexts } from '../../locales/index.ts';
import { mockFeedback } from '../../test/helpers.ts';
import { FlowDesigner, flowDesignerTexts } from './index.ts';

const FORM: FormJson = {
  fields: [
    { __config__: { jnpfKey: 'numInput', label: '金额' }, __vModel__: 'amount' },
    { __config__: { jnpfKey: 'comInput', label: '事由' }, __vModel__: 'reason' },
    { __config__: { jnpfKey: 'userSelect', label: '经办人' }, __vModel__: 'agent' },
  ],
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await loadAreaTexts(flowDesignerTexts);
});

beforeEach(() => {
  mockFeedback();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function mount(value: FlowNode = defaultFlowTree()) {
  const onChange = vi.fn<(root: FlowNode) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FlowDesigner value={value} onChange={onChange} form={FORM} templateCode="leave" height={800} />
    </QueryClientProvider>,
  );
  const last = () => onChange.mock.calls[onChange.mock.calls.length - 1]![0];
  return { onChange, last };
}

/** The main chain's node types, top to bottom. */
const chain = (root: FlowNode) => {
  const out: string[] = [];
  for (let n: FlowNode | null = root; n; n = n.childNode) out.push(n.type);
  return out;
};

/** Opens the "+" after a node (or at the head of a branch) and picks a type. */
async function addAt(placeId: string, type: string) {
  fireEvent.click(screen.getByTestId(`flow-add-${placeId}`));
  const menu = await screen.findByTestId(`flow-add-menu-${placeId}`);
  fireEvent.click(within(menu).getByTestId(`flow-add-item-${type}`));
}

async function confirmRemove(id: string) {
  fireEvent.click(screen.getByTestId(`flow-remove-${id}`));
  const ok = await screen.findByRole('button', { name: /确\s*定/ });
  fireEvent.click(ok);
}

// A whole designer with its drawer is a large tree for happy-dom.
describe('FlowDesigner', { timeout: 30_000 }, () => {
  it('draws the start, the nodes with their summaries and the end', () => {
    const tree = defaultFlowTree();
    mount(tree);
    const start = screen.getByTestId(`flow-node-${tree.nodeId}`);
    expect(within(start).getByText('发起人')).toBeTruthy();
    expect(within(start).getByText('所有人')).toBeTruthy();
    expect(
      within(screen.getByTestId(`flow-node-${tree.childNode!.nodeId}`)).getByText(/发起人的直属主管/),
    ).toBeTruthy();
    expect(screen.getByTestId('flow-end').textContent).toContain('流程结束');
  });

  it('adds a node from the "+" menu, removes it after confirming, and undo brings it back', async () => {
    const tree = defaultFlowTree();
    const { last } = mount(tree);
    const approver = tree.childNode!.nodeId;
    await addAt(approver, 'copy');
    expect(chain(last())).toEqual(['start', 'approver', 'copy']);
    const copy = last().childNode!.childNode!;
    expect(screen.getByTestId(`flow-node-${copy.nodeId}`)).toBeTruthy();

    await confirmRemove(approver);
    expect(chain(last())).toEqual(['start', 'copy']);
    expect(screen.queryByTestId(`flow-node-${approver}`)).toBeNull();

    fireEvent.click(screen.getByTestId('flow-undo'));
    expect(chain(last())).toEqual(['start', 'approver', 'copy']);
    expect(screen.getByTestId(`flow-node-${approver}`)).toBeTruthy();
    fireEvent.click(screen.getByTestId('flow-redo'));
    expect(chain(last())).toEqual(['start', 'copy']);
  });

  it('adds a condition group as branch columns, adds a branch, moves it and removes one', async () => {
    const tree = defaultFlowTree();
    const { last } = mount(tree);
    await addAt(tree.nodeId, 'condition');
    const group = () => last().childNode as ConditionNode;
    expect(group().type).toBe('condition');
    const [first, fallback] = group().conditionNodes;
    expect(within(screen.getByTestId(`flow-branch-${first!.nodeId}`)).getByText('请设置条件')).toBeTruthy();
    expect(within(screen.getByTestId(`flow-branch-${fallback!.nodeId}`)).getByText('其他条件进入此流程')).toBeTruthy();

    fireEvent.click(screen.getByTestId(`flow-add-branch-${group().nodeId}`));
    expect(group().conditionNodes.map((b) => b.name)).toEqual(['条件1', '条件2', '其他情况']);
    const added = group().conditionNodes[1]!;
    fireEvent.click(screen.getByTestId(`flow-move-left-${added.nodeId}`));
    expect(group().conditionNodes.map((b) => b.name)).toEqual(['条件2', '条件1', '其他情况']);
    expect(group().conditionNodes.map((b) => b.priority)).toEqual([1, 2, 3]);
    // The default branch cannot be moved ahead of the others.
    expect(screen.queryByTestId(`flow-move-left-${fallback!.nodeId}`)).toBeNull();

    // A node inside a branch.
    await addAt(added.nodeId, 'handle');
    expect(group().conditionNodes[0]!.childNode?.type).toBe('handle');

    await confirmRemove(added.nodeId);
    expect(group().conditionNodes.map((b) => b.name)).toEqual(['条件1', '其他情况']);
  });

  it('edits a node name in its drawer, and the card shows it', async () => {
    const tree = defaultFlowTree();
    const { last } = mount(tree);
    const id = tree.childNode!.nodeId;
    fireEvent.click(screen.getByTestId(`flow-node-${id}`));
    const name = (await screen.findByTestId('flow-node-name')) as HTMLInputElement;
    expect(name.value).toBe('审批人');
    fireEvent.change(name, { target: { value: '部门经理审批' } });
    expect(last().childNode!.name).toBe('部门经理审批');
    expect(within(screen.getByTestId(`flow-node-${id}`)).getByText('部门经理审批')).toBeTruthy();
  });

  it('lists an approver without assignee as a problem, marks its card and clears when fixed', async () => {
    const start = createNode('start') as StartNode;
    const approver = createNode('approver') as ApproverNode;
    approver.properties = { ...approver.properties, assigneeType: AssigneeType.formField };
    const { last } = mount({ ...start, childNode: approver });
    const problems = await screen.findAllByTestId('flow-problem');
    expect(problems.map((p) => p.textContent)).toEqual(['审批节点「审批人」未设置审批人']);
    const card = screen.getByTestId(`flow-node-${approver.nodeId}`);
    expect(card.getAttribute('aria-invalid')).toBe('true');

    // Clicking the problem selects the node: its drawer opens on the assignee settings.
    fireEvent.click(problems[0]!);
    const field = await screen.findByTestId('flow-assignee-field');
    fireEvent.mouseDown(within(field).getByRole('combobox'));
    // Only fields holding people are offered.
    expect(screen.queryByTitle('金额')).toBeNull();
    fireEvent.click(await screen.findByTitle('经办人'));
    expect((last().childNode as ApproverNode).properties.formField).toBe('agent');
    await waitFor(() => expect(screen.queryAllByTestId('flow-problem')).toHaveLength(0));
    expect(screen.getByTestId(`flow-node-${approver.nodeId}`).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('flow-problems').textContent).toContain('流程设计完整');
  });

  it('edits a condition rule of a branch: field, operator and value', async () => {
    const tree = defaultFlowTree();
    const { last } = mount(tree);
    await addAt(tree.nodeId, 'condition');
    const branch = (last().childNode as ConditionNode).conditionNodes[0]!;
    expect(screen.getAllByTestId('flow-problem').map((p) => p.textContent)).toContain(
      '条件分支「条件分支」的分支「条件1」未设置条件',
    );

    fireEvent.click(screen.getByTestId(`flow-branch-${branch.nodeId}`));
    fireEvent.click(await screen.findByTestId('flow-rules-add-group'));
    fireEvent.mouseDown(within(screen.getByTestId('flow-rule-0-0-left')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('金额'));
    fireEvent.mouseDown(within(screen.getByTestId('flow-rule-0-0-op')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('>'));
    fireEvent.change(screen.getByTestId('flow-rule-0-0-right'), { target: { value: '5000' } });

    const when = (last().childNode as ConditionNode).conditionNodes[0]!.when;
    expect(when).toEqual({
      logic: 'or',
      groups: [{ logic: 'and', rules: [{ left: 'amount', op: '>', right: '5000' }] }],
    });
    expect(within(screen.getByTestId(`flow-branch-${branch.nodeId}`)).getByText('金额 > 5000')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByTestId('flow-problem')).toHaveLength(0));
  });

  it('edits field permissions of the start: write implies read, and required implies write', async () => {
    const tree = defaultFlowTree();
    const { last } = mount(tree);
    fireEvent.click(screen.getByTestId(`flow-node-${tree.nodeId}`));
    fireEvent.click(await screen.findByRole('tab', { name: '表单权限' }));
    fireEvent.click(await screen.findByTestId('flow-operate-amount-read'));
    expect((last() as StartNode).properties.formOperates).toEqual([
      { id: 'amount', name: '金额', read: false, write: false, required: false },
      { id: 'reason', name: '事由', read: true, write: true, required: false },
      { id: 'agent', name: '经办人', read: true, write: true, required: false },
    ]);
    fireEvent.click(screen.getByTestId('flow-operate-amount-required'));
    expect((last() as StartNode).properties.formOperates![0]).toEqual({
      id: 'amount',
      name: '金额',
      read: true,
      write: true,
      required: true,
    });
  });
});
