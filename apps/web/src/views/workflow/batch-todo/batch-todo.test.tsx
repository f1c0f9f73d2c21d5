import type { FlowListItem } from '@atrium/shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/workflow.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n from '../../../locales/index.ts';
import { mockFeedback } from '../../../test/helpers.ts';
import BatchTodoPage from './index.tsx';

vi.mock('../../../api/workflow.ts', () => ({
  listBatchTemplates: vi.fn(),
  listFlowTasks: vi.fn(),
  batchOperation: vi.fn(),
  getBatchCandidates: vi.fn(),
  getCandidateUsers: vi.fn(),
  getFlowViewCounts: vi.fn(),
}));
const mocked = vi.mocked(api);
const WAIT = { timeout: 10_000 };

const row = (id: string, fullName: string) =>
  ({
    id,
    taskId: `t-${id}`,
    fullName,
    flowUrgent: 1,
    userName: '王五',
    nodeName: '经理审批',
    creatorTime: 0,
  }) as FlowListItem;

describe('batch approval', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.clearAllMocks();
    mockFeedback();
    mocked.getFlowViewCounts.mockResolvedValue({ toBeReviewed: 0, flowLaunch: 0, flowDone: 0, flowCirculate: 0 });
    mocked.getBatchCandidates.mockResolvedValue({ type: 3, list: [], countersignOver: true });
    mocked.listBatchTemplates.mockResolvedValue([{ id: 'tplA', fullName: '报销', count: 2 }]);
    mocked.listFlowTasks.mockResolvedValue({
      list: [row('op1', '报销一'), row('op2', '报销二')],
      pagination: { currentPage: 1, pageSize: 20, total: 2 },
    });
  });

  it('S2-7-69 approves the selected to-dos of a flow with one opinion and shows each result', async () => {
    mocked.batchOperation.mockResolvedValue({
      code: 200,
      msg: '批量办理完成',
      data: [
        { id: 'op1', success: true, message: '' },
        { id: 'op2', success: false, message: '该待办已被他人处理' },
      ],
    });
    const router = createMemoryRouter([{ path: '/', element: <BatchTodoPage /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const select = await screen.findByTestId('batch-template', {}, WAIT);
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    await waitFor(() => fireEvent.click(screen.getByTitle('报销 (2)')));
    await screen.findByText('报销一', {}, WAIT);
    expect(mocked.listFlowTasks).toHaveBeenCalledWith(4, expect.objectContaining({ flowId: 'tplA' }));

    // Nothing selected: nothing sent.
    fireEvent.click(screen.getByTestId('batch-approve'));
    expect((await screen.findByTestId('batch-error')).textContent).toContain('请选择要办理的记录');

    const table = screen.getByTestId('batch-table');
    for (const title of ['报销一', '报销二'])
      fireEvent.click(within(within(table).getByText(title).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('batch-approve'));
    const dialog = await screen.findByTestId('batch-dialog');
    fireEvent.change(within(dialog).getByTestId('batch-opinion'), { target: { value: '同意报销' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(mocked.batchOperation).toHaveBeenCalledWith({
        ids: ['op1', 'op2'],
        batchType: 0,
        handleOpinion: '同意报销',
        freeApproverUserId: undefined,
      }),
    );
    const results = await screen.findByTestId('batch-results');
    const items = within(results)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['报销一成功', '报销二失败该待办已被他人处理']);
  });

  it('S2-7-69 asks BatchCandidate for the selected to-dos and sends the candidates picked before approving', async () => {
    mocked.getBatchCandidates.mockImplementation(async (id) => ({
      type: 2,
      list: [
        { nodeId: 'fin', nodeName: '财务审批', isBranchFlow: false, isCandidates: true, hasCandidates: false },
        ...(id === 'op2'
          ? [{ nodeId: 'ceo', nodeName: '总经理审批', isBranchFlow: false, isCandidates: true, hasCandidates: false }]
          : []),
      ],
      countersignOver: true,
    }));
    mocked.getCandidateUsers.mockImplementation(async (_ownerId, body) => ({
      list:
        body.nodeCode === 'fin'
          ? [{ id: 'u-fin', fullName: '钱会计', organize: '财务部' }]
          : [{ id: 'u-ceo', fullName: '陈总', organize: '总经办' }],
      pagination: { currentPage: 1, pageSize: 100, total: 1 },
    }));
    mocked.batchOperation.mockResolvedValue({
      code: 200,
      msg: '批量办理完成',
      data: [
        { id: 'op1', success: true, message: '' },
        { id: 'op2', success: true, message: '' },
      ],
    });
    const router = createMemoryRouter([{ path: '/', element: <BatchTodoPage /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const select = await screen.findByTestId('batch-template', {}, WAIT);
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    await waitFor(() => fireEvent.click(screen.getByTitle('报销 (2)')));
    const table = await screen.findByTestId('batch-table', {}, WAIT);
    await within(table).findByText('报销一', {}, WAIT);
    for (const title of ['报销一', '报销二'])
      fireEvent.click(within(within(table).getByText(title).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('batch-approve'));
    const dialog = await screen.findByTestId('batch-dialog');

    // Each node once, whichever to-do reaches it; its users are looked up in a to-do that holds it.
    await within(dialog).findByTestId('flow-candidate-ceo', {}, WAIT);
    expect(mocked.getBatchCandidates.mock.calls.map((c) => c[0]).sort()).toEqual(['op1', 'op2']);
    expect(
      within(dialog)
        .getAllByTestId(/^flow-candidate-/)
        .map((e) => e.getAttribute('data-testid')),
    ).toEqual(['flow-candidate-fin', 'flow-candidate-ceo']);

    // Nothing is sent while a candidate node has nobody.
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择审批人')).toBeTruthy();
    expect(mocked.batchOperation).not.toHaveBeenCalled();

    for (const [node, person] of [
      ['fin', '钱会计 (财务部)'],
      ['ceo', '陈总 (总经办)'],
    ] as const) {
      const box = within(dialog).getByTestId(`flow-candidate-${node}`);
      fireEvent.mouseDown(box.querySelector('.ant-select-selector') ?? box);
      await waitFor(() => fireEvent.click(screen.getByTitle(person)));
    }
    expect(mocked.getCandidateUsers).toHaveBeenCalledWith('op1', expect.objectContaining({ nodeCode: 'fin' }));
    expect(mocked.getCandidateUsers).toHaveBeenCalledWith('op2', expect.objectContaining({ nodeCode: 'ceo' }));
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(mocked.batchOperation).toHaveBeenCalledTimes(1));
    expect(mocked.batchOperation).toHaveBeenCalledWith({
      ids: ['op1', 'op2'],
      batchType: 0,
      handleOpinion: '',
      freeApproverUserId: undefined,
      candidateList: { fin: ['u-fin'], ceo: ['u-ceo'] },
    });
    expect(await screen.findByTestId('batch-results')).toBeTruthy();
  });

  it('S2-7-69 a reject asks no candidates', async () => {
    mocked.batchOperation.mockResolvedValue({ code: 200, msg: '', data: [{ id: 'op1', success: true, message: '' }] });
    const router = createMemoryRouter([{ path: '/', element: <BatchTodoPage /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const select = await screen.findByTestId('batch-template', {}, WAIT);
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    await waitFor(() => fireEvent.click(screen.getByTitle('报销 (2)')));
    const table = await screen.findByTestId('batch-table', {}, WAIT);
    fireEvent.click(within((await within(table).findByText('报销一', {}, WAIT)).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('batch-reject'));
    await screen.findByTestId('batch-dialog');
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(mocked.batchOperation).toHaveBeenCalledWith({
        ids: ['op1'],
        batchType: 1,
        handleOpinion: '',
        freeApproverUserId: undefined,
      }),
    );
    expect(mocked.getBatchCandidates).not.toHaveBeenCalled();
  });
});
