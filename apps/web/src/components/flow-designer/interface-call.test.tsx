import type { FormJson } from '@atrium/shared/forms';
import {
  AssigneeType,
  createNode,
  type ApproverNode,
  type FlowNode,
  type StartNode,
  type TriggerNode,
} from '@atrium/shared/workflow';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadAreaTexts } from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { FlowDesigner, flowDesignerTexts } from './index.ts';

const FORM: FormJson = {
  fields: [
    { __config__: { jnpfKey: 'numInput', label: '金额' }, __vModel__: 'amount' },
    { __config__: { jnpfKey: 'comInput', label: '事由' }, __vModel__: 'reason' },
  ],
};

const PARAMS = [
  { field: 'dept', dataType: 'varchar', defaultValue: '', required: 1, fieldName: '部门' },
  { field: 'who', dataType: 'varchar', defaultValue: '', required: 0, fieldName: '' },
  { field: 'kind', dataType: 'varchar', defaultValue: 'a', required: 0, fieldName: '类别' },
];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await loadAreaTexts(flowDesignerTexts);
});

let paramCalls: string[] = [];
beforeEach(() => {
  mockFeedback();
  paramCalls = [];
  mockFetch((url) => {
    if (url.pathname.endsWith('/DataInterface/Selector')) {
      return jsonResponse(
        envelope({
          list: [
            {
              id: 'c1',
              fullName: '人事',
              enCode: 'hr',
              type: 'category',
              children: [{ id: 'if1', fullName: '部门主管', enCode: 'heads', type: 'interface', children: [] }],
            },
          ],
        }),
      );
    }
    const param = /\/DataInterface\/GetParam\/(.+)$/.exec(url.pathname);
    if (param) {
      paramCalls.push(param[1]!);
      return jsonResponse(envelope(PARAMS));
    }
    return jsonResponse(envelope(null), 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function mount(value: FlowNode) {
  const onChange = vi.fn<(root: FlowNode) => void>();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FlowDesigner value={value} onChange={onChange} form={FORM} templateCode="leave" height={800} />
    </QueryClientProvider>,
  );
  const last = () => onChange.mock.calls[onChange.mock.calls.length - 1]![0];
  return { last };
}

/** Picks an option of the antd Select inside the element of a test id. */
async function pick(testId: string, title: string) {
  fireEvent.mouseDown(await within(await screen.findByTestId(testId)).findByRole('combobox'));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options[options.length - 1]!);
}

const problemTexts = () => screen.queryAllByTestId('flow-problem').map((p) => p.textContent);

describe('data interface calls in the flow designer', { timeout: 30_000 }, () => {
  it('maps a trigger: parameters from a field, a flow variable and a literal; waiting, answer, attempts', async () => {
    const start = createNode('start') as StartNode;
    const trigger = createNode('trigger') as TriggerNode;
    trigger.properties = { interfaceId: 'if1' };
    const { last } = mount({ ...start, childNode: trigger });
    const props = () => (last().childNode as TriggerNode).properties;

    fireEvent.click(screen.getByTestId(`flow-node-${trigger.nodeId}`));
    const params = await screen.findByTestId('flow-interface-params');
    await within(params).findByText('部门 (dept)');
    expect(paramCalls).toContain('if1');
    expect(within(params).getByText('who')).toBeTruthy();

    await pick('flow-iparam-dept-source', '表单字段');
    await pick('flow-iparam-dept-value', '金额');
    await pick('flow-iparam-who-source', '流程变量');
    await pick('flow-iparam-who-value', '发起人 (initiatorId)');
    expect(props().interfaceParams).toEqual([
      { field: 'dept', source: 'form', value: 'amount' },
      { field: 'who', source: 'system', value: 'initiatorId' },
    ]);
    // Back to "by name" drops the mapping: the engine then takes the same-named value.
    await pick('flow-iparam-who-source', '按同名取值');
    expect(props().interfaceParams).toEqual([{ field: 'dept', source: 'form', value: 'amount' }]);
    await pick('flow-iparam-kind-source', '固定值');
    fireEvent.change(within(screen.getByTestId('flow-iparam-kind-value')).getByRole('textbox'), {
      target: { value: 'urgent' },
    });
    expect(props().interfaceParams).toEqual([
      { field: 'dept', source: 'form', value: 'amount' },
      { field: 'kind', source: 'literal', value: 'urgent' },
    ]);

    // The answer is mapped only when the node waits for it.
    expect(screen.queryByTestId('flow-response-map')).toBeNull();
    fireEvent.click(within(screen.getByTestId('flow-trigger-mode')).getByLabelText('等待返回后继续'));
    expect(props().mode).toBe('wait');
    fireEvent.click(await screen.findByTestId('flow-response-map-add'));
    await waitFor(() =>
      expect(problemTexts()).toContain('触发器「触发器」的返回值 （整个返回值） 未选择要写入的表单字段'),
    );
    fireEvent.change(screen.getByTestId('flow-response-map-0-from'), { target: { value: 'data.reason' } });
    await pick('flow-response-map-0-to', '事由');
    expect(props().responseMap).toEqual([{ from: 'data.reason', to: 'reason' }]);

    await pick('flow-trigger-failure', '忽略并继续');
    expect(props().onFailure).toBe('continue');
    const attempts = screen.getByTestId('flow-trigger-attempts');
    const input = attempts.tagName === 'INPUT' ? attempts : attempts.querySelector('input')!;
    fireEvent.change(input, { target: { value: '3' } });
    await waitFor(() => expect(props().maxAttempts).toBe(3));
    await waitFor(() => expect(problemTexts()).toEqual([]));
    expect(within(screen.getByTestId(`flow-node-${trigger.nodeId}`)).getByText('调用数据接口并等待结果')).toBeTruthy();
  });

  it('waits for a callback: minutes, the callback path, its token as a flow variable and the answer mapping', async () => {
    const start = createNode('start') as StartNode;
    const trigger = createNode('trigger') as TriggerNode;
    trigger.properties = { interfaceId: 'if1' };
    const { last } = mount({ ...start, childNode: trigger });
    const props = () => (last().childNode as TriggerNode).properties;

    fireEvent.click(screen.getByTestId(`flow-node-${trigger.nodeId}`));
    await within(await screen.findByTestId('flow-interface-params')).findByText('部门 (dept)');
    // Only a trigger waiting for a callback offers the callback's variables.
    await pick('flow-iparam-who-source', '流程变量');
    fireEvent.mouseDown(within(screen.getByTestId('flow-iparam-who-value')).getByRole('combobox'));
    expect(screen.queryByTitle('回调令牌 (flowCallbackToken)')).toBeNull();
    expect(screen.queryByTestId('flow-trigger-callback-minutes')).toBeNull();

    fireEvent.click(within(screen.getByTestId('flow-trigger-mode')).getByLabelText('等待外部系统回调后继续'));
    expect(props().mode).toBe('callback');
    const minutes = screen.getByTestId('flow-trigger-callback-minutes');
    const input = minutes.tagName === 'INPUT' ? minutes : minutes.querySelector('input')!;
    expect((input as HTMLInputElement).value).toBe('1440');
    fireEvent.change(input, { target: { value: '120' } });
    await waitFor(() => expect(props().callbackMinutes).toBe(120));
    expect(screen.getByTestId('flow-trigger-callback-hint').textContent).toContain(
      'POST /api/workflow/Engine/FlowTask/Callback/{token}',
    );

    await pick('flow-iparam-who-value', '回调令牌 (flowCallbackToken)');
    await pick('flow-iparam-dept-source', '流程变量');
    await pick('flow-iparam-dept-value', '回调地址 (flowCallbackUrl)');
    expect(props().interfaceParams).toEqual([
      { field: 'who', source: 'system', value: 'flowCallbackToken' },
      { field: 'dept', source: 'system', value: 'flowCallbackUrl' },
    ]);
    // The answer mapping and the failure choice are those of a waiting call.
    expect(screen.getByText('调用失败或超时未回调时')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('flow-response-map-add'));
    fireEvent.change(screen.getByTestId('flow-response-map-0-from'), { target: { value: 'data.reason' } });
    await pick('flow-response-map-0-to', '事由');
    expect(props().responseMap).toEqual([{ from: 'data.reason', to: 'reason' }]);
    await waitFor(() => expect(problemTexts()).toEqual([]));
    expect(within(screen.getByTestId(`flow-node-${trigger.nodeId}`)).getByText('调用数据接口并等待回调')).toBeTruthy();

    // Back to waiting for the call's own answer: there is no token to hand out any more.
    fireEvent.click(within(screen.getByTestId('flow-trigger-mode')).getByLabelText('等待返回后继续'));
    expect(props().mode).toBe('wait');
    expect(screen.queryByTestId('flow-trigger-callback-minutes')).toBeNull();
    await waitFor(() =>
      expect(problemTexts()).toEqual([
        '触发器「触发器」的接口参数 who 使用的流程变量 flowCallbackToken 仅在等待回调时可用',
        '触发器「触发器」的接口参数 dept 使用的流程变量 flowCallbackUrl 仅在等待回调时可用',
      ]),
    );
  });

  it('offers the data interface as an approver source and flags it until one is chosen', async () => {
    const start = createNode('start') as StartNode;
    const approver = createNode('approver') as ApproverNode;
    approver.properties = { ...approver.properties, assigneeType: AssigneeType.dataInterface };
    const { last } = mount({ ...start, childNode: approver });
    const props = () => (last().childNode as ApproverNode).properties;
    expect(await screen.findAllByTestId('flow-problem')).toHaveLength(1);
    expect(problemTexts()).toEqual(['审批节点「审批人」未选择数据接口']);

    fireEvent.click(screen.getByTestId(`flow-node-${approver.nodeId}`));
    const picker = await screen.findByTestId('flow-interface');
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('部门主管'));
    expect(props().interfaceId).toBe('if1');
    await waitFor(() => expect(problemTexts()).toEqual([]));
    expect(within(screen.getByTestId(`flow-node-${approver.nodeId}`)).getByText(/数据接口返回的人员/)).toBeTruthy();

    await screen.findByText('部门 (dept)');
    await pick('flow-iparam-dept-source', '表单字段');
    // A form-sourced parameter without its field is a problem until the field is picked.
    await waitFor(() => expect(problemTexts()).toEqual(['审批节点「审批人」的接口参数 dept 未设置取值']));
    await pick('flow-iparam-dept-value', '事由');
    expect(props().interfaceParams).toEqual([{ field: 'dept', source: 'form', value: 'reason' }]);
    await waitFor(() => expect(problemTexts()).toEqual([]));
  });
});
