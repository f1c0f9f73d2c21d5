import type { FormJson } from '@atrium/shared/forms';
import type { FlowRecord } from '@atrium/shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../api/workflow.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { flowDetailLink } from '../../components/flow-status/detail-link.ts';
import i18n from '../../locales/index.ts';
import { mockFeedback } from '../../test/helpers.ts';
import WorkFlowDetailPage from './index.tsx';

vi.mock('../../api/workflow.ts', () => ({
  getFlowDetail: vi.fn(),
  getFlowTemplate: vi.fn(),
  getFlowTask: vi.fn(),
  getCandidates: vi.fn(),
  getCandidateUsers: vi.fn(),
  getRejectTargets: vi.fn(),
  getCurrentNodes: vi.fn(),
  getTemplateNodes: vi.fn(),
  getFlowViewCounts: vi.fn(),
  startFlow: vi.fn(),
  updateFlow: vi.fn(),
  handle: {
    approve: vi.fn(),
    reject: vi.fn(),
    transfer: vi.fn(),
    addSign: vi.fn(),
    saveDraft: vi.fn(),
    recall: vi.fn(),
  },
  launch: { withdraw: vi.fn(), urge: vi.fn(), remove: vi.fn() },
  monitor: { terminate: vi.fn(), assign: vi.fn(), change: vi.fn(), suspend: vi.fn(), restore: vi.fn() },
  commentApi: { list: vi.fn(), create: vi.fn(), remove: vi.fn() },
}));
const mocked = vi.mocked(api, { deep: true });
const WAIT = { timeout: 10_000 };

const form: FormJson = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '事由', span: 24 }, __vModel__: 'reason' },
    { __config__: { jnpfKey: 'comInput', label: '审批备注', span: 24 }, __vModel__: 'remark' },
  ],
};

const record: FlowRecord = {
  id: 'r1',
  nodeId: 'start',
  nodeName: '开始',
  handleId: 'u1',
  userName: '张三/zhangsan',
  handleTime: new Date('2026-03-01T09:30:00').getTime(),
  handleStatus: 2,
  handleOpinion: '请审批',
  signImg: 'data:image/png;base64,AAAA',
  fileList: [{ name: '报价单.pdf', url: '/files/1' }],
  operatorId: null,
  targetUserNames: null,
};

function detail(overrides: Partial<api.FlowDetail> = {}): api.FlowDetail {
  return {
    flowTaskInfo: {
      id: 'task1',
      fullName: '张三的请假申请',
      enCode: 'QJ2026001',
      flowId: 'ver1',
      flowName: '请假',
      status: 1,
      flowUrgent: 3,
      creatorUserId: 'u1',
      userName: '张三/zhangsan',
      startTime: new Date('2026-03-01T09:30:00').getTime(),
      completion: 20,
      thisStep: '部门审批',
    },
    flowTaskNodeList: [
      { nodeId: 'start', nodeName: '开始', nodeType: 'start', type: 'past', userName: '张三', handlers: [] },
      { nodeId: 'n1', nodeName: '部门审批', nodeType: 'approver', type: 'current', userName: '李四', handlers: [] },
    ],
    flowTaskOperatorList: [],
    flowTaskOperatorRecordList: [record],
    flowTemplateInfo: { id: 'tpl1', fullName: '请假', flowType: 0, formType: 1 },
    flowFormInfo: { formType: 1, formId: 'model-1', formData: JSON.stringify(form) },
    formOperates: [
      { id: 'reason', read: true, write: false },
      { id: 'remark', read: true, write: true },
    ],
    approversProperties: { buttons: { transfer: { enabled: false } } },
    formData: { reason: '回老家', remark: '' },
    draftData: null,
    noOperateAuth: false,
    ...overrides,
  };
}

function renderDetail(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/workFlowDetail', element: <WorkFlowDetailPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const todoPath = flowDetailLink({ id: 'task1', flowId: 'ver1', opType: 1, taskOperatorId: 'op1' });

function pick(testId: string, option: string) {
  const box = screen.getByTestId(testId);
  fireEvent.mouseDown(box.querySelector('.ant-select-selector') ?? box);
  return waitFor(() => fireEvent.click(screen.getByTitle(option)));
}

describe('/workFlowDetail', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.clearAllMocks();
    mockFeedback();
    mocked.commentApi.list.mockResolvedValue([]);
    mocked.getFlowViewCounts.mockResolvedValue({ toBeReviewed: 0, flowLaunch: 0, flowDone: 0, flowCirculate: 0 });
  });

  it('S1-2.1-12 shows a clear error for a config it cannot read, and asks the server nothing', async () => {
    renderDetail('/workFlowDetail?config=bm9wZQ%3D%3D');
    expect((await screen.findByTestId('flow-detail-bad-config')).textContent).toContain('流程参数有误');
    expect(mocked.getFlowDetail).not.toHaveBeenCalled();
  });

  it('S1-2.1-12 S2-3-43 opens a to-do: header, route, records with signature and files, the to-do actions', async () => {
    mocked.getFlowDetail.mockResolvedValue(detail());
    renderDetail(todoPath);
    const page = await screen.findByTestId('flow-detail', {}, WAIT);
    expect(mocked.getFlowDetail).toHaveBeenCalledWith('task1', expect.objectContaining({ taskOperatorId: 'op1' }));
    expect(page.textContent).toContain('张三的请假申请');
    expect(page.textContent).toContain('QJ2026001');
    expect(within(page).getByTestId('flow-status').textContent).toBe('等待审核');
    expect(within(page).getByTestId('flow-urgency').textContent).toBe('紧急');
    // Transfer is switched off on this node; add-sign is off unless switched on.
    const actions = within(screen.getByTestId('flow-actions'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-testid'));
    expect(actions).toEqual([
      'flow-action-approve',
      'flow-action-reject',
      'flow-action-saveDraft',
      'flow-action-print',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: '审批记录' }));
    const records = await screen.findByTestId('flow-records');
    const row = within(records).getByText('开始').closest('tr')!;
    expect(row.textContent).toContain('张三/zhangsan');
    expect(row.textContent).toContain('2026-03-01 09:30');
    expect(row.textContent).toContain('提交');
    expect(row.textContent).toContain('请审批');
    expect(within(row).getByRole('img').getAttribute('src')).toBe(record.signImg);
    expect(within(row).getByText('报价单.pdf').getAttribute('href')).toBe('/files/1');

    fireEvent.click(screen.getByRole('tab', { name: '流程信息' }));
    expect((await screen.findByTestId('flow-route')).textContent).toContain('部门审批');
  });

  it('S2-7-59 S1-4-39 approves with the opinion and only the writable fields, then refreshes the counts and leaves', async () => {
    mocked.getFlowDetail.mockResolvedValue(detail());
    mocked.getCandidates.mockResolvedValue({ type: 3, list: [], countersignOver: false });
    mocked.handle.approve.mockResolvedValue({ code: 200, msg: '审批成功', data: null });
    const router = renderDetail(todoPath);
    await screen.findByTestId('flow-form', {}, WAIT);
    const remark = await screen.findByLabelText('审批备注', {}, WAIT);
    fireEvent.change(remark, { target: { value: '同意休假' } });
    // The field this node only reads cannot be typed into.
    expect((screen.getByLabelText('事由') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('flow-action-approve'));
    const dialog = await screen.findByTestId('flow-dialog-approve');
    await waitFor(() => expect(mocked.getCandidates).toHaveBeenCalledWith('op1', { formData: { remark: '同意休假' } }));
    fireEvent.change(within(dialog).getByTestId('flow-dialog-opinion'), { target: { value: ' 同意 ' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(mocked.handle.approve).toHaveBeenCalledTimes(1));
    expect(mocked.handle.approve).toHaveBeenCalledWith('op1', {
      handleOpinion: '同意',
      formData: { remark: '同意休假' },
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/workFlowDetail'));
    // The menus' counts follow the action, half a second later.
    await waitFor(() => expect(mocked.getFlowViewCounts).toHaveBeenCalled(), WAIT);
  });

  it('S2-7-61 rejects to a target the server offers, with the chosen mode', async () => {
    mocked.getFlowDetail.mockResolvedValue(detail());
    mocked.getRejectTargets.mockResolvedValue({
      list: [
        { nodeId: '0', nodeName: '发起人' },
        { nodeId: 'n0', nodeName: '组长审批' },
      ],
      rejectTypes: [1, 2],
    });
    mocked.handle.reject.mockResolvedValue({ code: 200, msg: '已退回', data: null });
    renderDetail(todoPath);
    fireEvent.click(await screen.findByTestId('flow-action-reject', {}, WAIT));
    const dialog = await screen.findByTestId('flow-dialog-reject');
    expect(mocked.getRejectTargets).toHaveBeenCalledWith('op1');

    // Nothing is sent without a target.
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    expect((await within(dialog).findByTestId('flow-dialog-error')).textContent).toContain('请选择节点');
    expect(mocked.handle.reject).not.toHaveBeenCalled();

    await pick('flow-dialog-node', '组长审批');
    expect(screen.getByTitle('发起人')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('直接提交给我'));
    fireEvent.change(within(dialog).getByTestId('flow-dialog-opinion'), { target: { value: '材料不全' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(mocked.handle.reject).toHaveBeenCalledWith('op1', {
        handleOpinion: '材料不全',
        rejectStep: 'n0',
        rejectType: 2,
      }),
    );
  });

  it('S2-7-73 S2-7-74 offers urge and withdraw on my running application, nothing to handle', async () => {
    mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: null }));
    renderDetail(flowDetailLink({ id: 'task1', flowId: 'ver1', opType: 0 }));
    const bar = await screen.findByTestId('flow-actions', {}, WAIT);
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid')),
    ).toEqual(['flow-action-urge', 'flow-action-withdraw', 'flow-action-print']);
    // Nothing is writable outside a to-do.
    expect(((await screen.findByLabelText('审批备注', {}, WAIT)) as HTMLInputElement).disabled).toBe(true);
  });

  it('S1-2.1-12 S2-7-68 launches a template: asks for the branch the next step needs, then submits with it', async () => {
    mocked.getFlowTemplate.mockResolvedValue({
      id: 'tpl1',
      enCode: 'leave',
      fullName: '请假',
      category: null,
      flowType: 0,
      formType: 1,
      formId: 'm1',
      icon: null,
      iconBackground: null,
      flowId: 'ver1',
      description: null,
      sortCode: 0,
      formData: form,
      nodeTree: { nodeId: 'start', type: 'start', name: '发起', properties: {}, childNode: null },
    });
    mocked.getCandidates.mockResolvedValue({
      type: 1,
      list: [
        { nodeId: 'b1', nodeName: '短假', isBranchFlow: true, isCandidates: false, hasCandidates: false },
        { nodeId: 'b2', nodeName: '长假', isBranchFlow: true, isCandidates: false, hasCandidates: false },
      ],
      countersignOver: false,
    });
    mocked.startFlow.mockResolvedValue({ code: 200, msg: '提交成功', data: null });
    renderDetail(flowDetailLink({ flowId: 'tpl1', opType: -1 }));
    fireEvent.change(await screen.findByLabelText('事由', {}, WAIT), { target: { value: '探亲' } });
    await pick('flow-urgency-select', '重要');
    fireEvent.click(screen.getByTestId('flow-submit'));

    const dialog = await screen.findByTestId('flow-candidate-dialog');
    expect(mocked.getCandidates).toHaveBeenCalledWith('tpl1', {
      formData: expect.objectContaining({ reason: '探亲' }),
    });
    expect(mocked.startFlow).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText('长假'));
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(mocked.startFlow).toHaveBeenCalledTimes(1));
    expect(mocked.startFlow.mock.calls[0]![0]).toMatchObject({
      flowId: 'tpl1',
      status: 0,
      flowUrgent: 2,
      branchList: ['b2'],
      formData: { reason: '探亲' },
    });
  });

  it('saves a launch as a draft without asking for next handlers', async () => {
    mocked.getFlowTemplate.mockResolvedValue({
      id: 'tpl1',
      fullName: '请假',
      formData: JSON.stringify(form),
    } as api.FlowTemplateInfo);
    mocked.startFlow.mockResolvedValue({ code: 200, msg: '保存成功', data: null });
    renderDetail(flowDetailLink({ flowId: 'tpl1', opType: -1 }));
    fireEvent.change(await screen.findByLabelText('事由', {}, WAIT), { target: { value: '先存着' } });
    fireEvent.click(screen.getByTestId('flow-save-draft'));
    await waitFor(() => expect(mocked.startFlow).toHaveBeenCalledTimes(1));
    expect(mocked.startFlow.mock.calls[0]![0]).toMatchObject({
      flowId: 'tpl1',
      status: 1,
      formData: { reason: '先存着' },
    });
    expect(mocked.getCandidates).not.toHaveBeenCalled();
  });

  it('asks for the handlers of next nodes that found nobody instead of reporting a launch', async () => {
    const feedback = mockFeedback();
    mocked.getFlowTemplate.mockResolvedValue({ id: 'tpl1', fullName: '请假', formData: form } as api.FlowTemplateInfo);
    mocked.getCandidates.mockResolvedValue({ type: 3, list: [], countersignOver: false });
    mocked.startFlow.mockResolvedValue({ code: 200, msg: 'Success', data: [{ nodeId: 'n3', nodeName: '财务审批' }] });
    const router = renderDetail(flowDetailLink({ flowId: 'tpl1', opType: -1 }));
    fireEvent.change(await screen.findByLabelText('事由', {}, WAIT), { target: { value: '报销' } });
    fireEvent.click(screen.getByTestId('flow-submit'));
    const dialog = await screen.findByTestId('flow-handlers-dialog', {}, WAIT);
    expect(dialog.textContent).toContain('财务审批');
    expect(feedback.message.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/workFlowDetail');
    // Confirming without anyone named sends nothing more.
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择审批人')).toBeTruthy();
    expect(mocked.startFlow).toHaveBeenCalledTimes(1);
  });

  it('S2-7-62 recalls my approval from the done view by its record', async () => {
    mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: null }));
    mocked.handle.recall.mockResolvedValue({ code: 200, msg: '撤回成功', data: null });
    renderDetail(flowDetailLink({ id: 'task1', flowId: 'ver1', opType: 2, taskOperatorId: 'rec9' }));
    fireEvent.click(await screen.findByTestId('flow-action-recall', {}, WAIT));
    const recall = await screen.findByTestId('flow-dialog-recall');
    fireEvent.change(within(recall).getByTestId('flow-dialog-opinion'), { target: { value: '看错了' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(mocked.handle.recall).toHaveBeenCalledWith('rec9', { handleOpinion: '看错了' }));
  });

  it('S2-7-63 the monitor terminates the instance with an opinion', async () => {
    mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: null }));
    mocked.monitor.terminate.mockResolvedValue({ code: 200, msg: '已终止', data: null });
    renderDetail(flowDetailLink({ id: 'task1', flowId: 'ver1', opType: 4 }));
    const bar = await screen.findByTestId('flow-actions', {}, WAIT);
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid')),
    ).toEqual([
      'flow-action-assign',
      'flow-action-change',
      'flow-action-suspend',
      'flow-action-terminate',
      'flow-action-print',
    ]);
    fireEvent.click(screen.getByTestId('flow-action-terminate'));
    const dialog = await screen.findByTestId('flow-dialog-terminate');
    fireEvent.change(within(dialog).getByTestId('flow-dialog-opinion'), { target: { value: '重复申请' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(mocked.monitor.terminate).toHaveBeenCalledWith('task1', { handleOpinion: '重复申请' }));
  });
});
