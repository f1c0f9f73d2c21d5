import type { FlowListItem } from '@atrium/shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../api/workflow.ts';
import { createQueryClient } from '../../app/query-client.ts';
import i18n from '../../locales/index.ts';
import { mockFeedback } from '../../test/helpers.ts';
import { decodeFlowDetailConfig } from './detail-link.ts';
import { FlowListPage } from './flow-list-page.tsx';
import type { FlowListKind } from './list-kinds.ts';

vi.mock('../../api/workflow.ts', () => ({
  listMyLaunches: vi.fn(),
  listFlowTasks: vi.fn(),
  listMonitored: vi.fn(),
  listLaunchableTemplates: vi.fn(),
  getFlowViewCounts: vi.fn(),
  launch: { withdraw: vi.fn(), urge: vi.fn(), remove: vi.fn() },
  monitor: { terminate: vi.fn(), suspend: vi.fn(), restore: vi.fn() },
}));
vi.mock('../../stores/dictionaries.ts', () => ({
  useDictionary: () => ({ labelOf: (v: string) => (v === 'hr' ? '人事' : v) }),
}));
const mocked = vi.mocked(api, { deep: true });
const WAIT = { timeout: 10_000 };

const item = (over: Partial<FlowListItem>): FlowListItem => ({
  id: 'i1',
  taskId: 'i1',
  enCode: 'QJ001',
  fullName: '请假申请',
  flowId: 'ver1',
  flowCode: 'leave',
  flowName: '请假流程',
  flowCategory: 'hr',
  flowVersion: '1',
  flowUrgent: 1,
  status: 1,
  startTime: new Date('2026-03-02T08:00:00').getTime(),
  creatorTime: new Date('2026-03-02T08:00:00').getTime(),
  creatorUserId: 'u1',
  userName: '张三/zhangsan',
  thisStep: '部门审批',
  thisStepId: 'n1',
  nodeName: '部门审批',
  completion: 0,
  endTime: null,
  delegateUser: null,
  description: null,
  ...over,
});

const page = (list: FlowListItem[]) => ({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } });

function renderList(kind: FlowListKind) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <FlowListPage kind={kind} /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/list'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

describe('flow lists', () => {
  let feedback: ReturnType<typeof mockFeedback>;
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.clearAllMocks();
    feedback = mockFeedback();
    // Confirmations are answered OK.
    feedback.modal.confirm.mockImplementation((config: { onOk: () => void }) => config.onOk());
    mocked.listLaunchableTemplates.mockResolvedValue(page([]) as never);
    mocked.getFlowViewCounts.mockResolvedValue({ toBeReviewed: 1, flowLaunch: 1, flowDone: 0, flowCirculate: 0 });
  });

  it('S1-9-10 S1-9-11 S2-7-71 my applications: status and urgency texts, and the actions each status allows', async () => {
    mocked.listMyLaunches.mockResolvedValue(
      page([
        item({ id: 'a', fullName: '运行中的申请', status: 1, flowUrgent: 3 }),
        item({ id: 'b', fullName: '被驳回的申请', status: 3, flowUrgent: 2 }),
        item({ id: 'c', fullName: '草稿申请', status: 0, flowUrgent: 9 }),
      ]),
    );
    renderList('launch');
    await screen.findByText('运行中的申请', {}, WAIT);
    expect(mocked.listMyLaunches).toHaveBeenCalledWith(expect.objectContaining({ currentPage: 1, keyword: '' }));

    const running = rowOf('运行中的申请');
    expect(within(running).getByTestId('flow-status').textContent).toBe('等待审核');
    expect(within(running).getByTestId('flow-urgency').textContent).toBe('紧急');
    expect(running.textContent).toContain('人事');
    expect(within(running).queryByTestId('flow-withdraw')).toBeTruthy();
    expect(within(running).queryByTestId('flow-urge')).toBeTruthy();
    expect(within(running).queryByTestId('flow-remove')).toBeNull();

    const rejected = rowOf('被驳回的申请');
    expect(within(rejected).getByTestId('flow-status').textContent).toBe('审核驳回');
    expect(within(rejected).getByTestId('flow-urgency').textContent).toBe('重要');
    expect(within(rejected).queryByTestId('flow-withdraw')).toBeNull();
    expect(within(rejected).queryByTestId('flow-remove')).toBeTruthy();

    const draft = rowOf('草稿申请');
    expect(within(draft).getByTestId('flow-urgency').textContent).toBe('普通');
    expect(within(draft).queryByTestId('flow-remove')).toBeTruthy();
  });

  it('S2-7-73 S1-4-39 withdraws after confirming, toasts the server message and reloads the list', async () => {
    mocked.listMyLaunches.mockResolvedValue(page([item({ id: 'a', fullName: '运行中的申请', status: 1 })]));
    mocked.launch.withdraw.mockResolvedValue({ code: 200, msg: '撤回成功', data: null });
    renderList('launch');
    await screen.findByText('运行中的申请', {}, WAIT);
    fireEvent.click(within(rowOf('运行中的申请')).getByTestId('flow-withdraw'));
    await waitFor(() => expect(mocked.launch.withdraw).toHaveBeenCalledWith('a', {}));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('撤回成功'));
    await waitFor(() => expect(mocked.listMyLaunches).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(mocked.getFlowViewCounts).toHaveBeenCalled(), WAIT);
  });

  it('S2-7-56 to-do: the rows of List/1 open their detail as the operator to handle', async () => {
    mocked.listFlowTasks.mockResolvedValue(page([item({ id: 'op7', taskId: 'task7', fullName: '待我审批' })]));
    const router = renderList('todo');
    await screen.findByText('待我审批', {}, WAIT);
    expect(mocked.listFlowTasks).toHaveBeenCalledWith(1, expect.objectContaining({ currentPage: 1 }));
    const row = rowOf('待我审批');
    expect(row.textContent).toContain('张三/zhangsan');
    fireEvent.click(within(row).getByTestId('flow-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workFlowDetail'));
    const config = decodeFlowDetailConfig(new URLSearchParams(router.state.location.search).get('config'));
    expect(config).toMatchObject({ id: 'task7', opType: 1, taskOperatorId: 'op7' });
  });

  it('shows 暂无数据 for an empty list', async () => {
    mocked.listFlowTasks.mockResolvedValue(page([]));
    renderList('circulate');
    await waitFor(() => expect(mocked.listFlowTasks).toHaveBeenCalledWith(3, expect.anything()));
    expect((await screen.findAllByText('暂无数据', {}, WAIT)).length).toBeGreaterThan(0);
  });

  it('monitor: suspends a running flow and restores a suspended one', async () => {
    mocked.listMonitored.mockResolvedValue(
      page([
        item({ id: 'm1', taskId: 'm1', fullName: '运行中', status: 1 }),
        item({ id: 'm2', taskId: 'm2', fullName: '已挂起的', status: 6 }),
      ]),
    );
    mocked.monitor.restore.mockResolvedValue({ code: 200, msg: '已恢复', data: null });
    renderList('monitor');
    await screen.findByText('运行中', {}, WAIT);
    expect(within(rowOf('运行中')).queryByTestId('flow-suspend')).toBeTruthy();
    expect(within(rowOf('运行中')).queryByTestId('flow-terminate')).toBeTruthy();
    expect(within(rowOf('已挂起的')).getByTestId('flow-status').textContent).toBe('已挂起');
    fireEvent.click(within(rowOf('已挂起的')).getByTestId('flow-restore'));
    await waitFor(() => expect(mocked.monitor.restore).toHaveBeenCalledWith('m2'));
  });
});
