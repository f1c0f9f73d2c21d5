import type { MenuItem } from '@atrium/shared';
import type { FlowListItem } from '@atrium/shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listMessages } from '../../api/message.ts';
import * as api from '../../api/workflow.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { decodeFlowDetailConfig } from '../../components/flow-status/detail-link.ts';
import i18n from '../../locales/index.ts';
import { useFlowCountsStore } from '../../stores/flow-counts.ts';
import { useSessionStore } from '../../stores/session.ts';
import HomePage from './index.tsx';

vi.mock('../../api/workflow.ts', () => ({
  getFlowViewCounts: vi.fn(),
  listFlowTasks: vi.fn(),
  listMyLaunches: vi.fn(),
}));
vi.mock('../../api/message.ts', () => ({ MessageType: { notice: 1, flow: 2, system: 3 }, listMessages: vi.fn() }));
const mocked = vi.mocked(api);
const WAIT = { timeout: 10_000 };

const menu = (id: string, urlAddress: string, fullName: string): MenuItem => ({
  id,
  parentId: 'wf',
  fullName,
  enCode: id,
  icon: '',
  urlAddress,
  linkTarget: '_self',
  type: 2,
  propertyJson: '{}',
  sortCode: 0,
  hasChildren: false,
  children: [],
});

const row = (id: string, fullName: string, extra: Partial<FlowListItem> = {}) =>
  ({
    id,
    taskId: `task-${id}`,
    fullName,
    flowId: 'v1',
    flowUrgent: 1,
    status: 1,
    userName: '李四/lisi',
    startTime: 0,
    creatorTime: 0,
    ...extra,
  }) as FlowListItem;
const page = (list: FlowListItem[]) => ({ list, pagination: { currentPage: 1, pageSize: 6, total: list.length } });

function renderHome() {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <HomePage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('home page flows', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.clearAllMocks();
    useFlowCountsStore.getState().reset();
    vi.mocked(listMessages).mockResolvedValue({ list: [], pagination: { currentPage: 1, pageSize: 5, total: 0 } });
    useSessionStore.setState({
      menuList: [
        {
          ...menu('wf', '', '工作流程'),
          type: 1,
          hasChildren: true,
          children: [
            menu('todo', 'workFlow/flowTodo', '待办事宜'),
            menu('launch', 'workFlow/flowLaunch', '我发起的'),
            menu('cc', 'workFlow/flowCirculate', '抄送事宜'),
          ],
        },
      ],
    });
  });

  it('S1-1-05 shows the to-do and my-applications counts from the flows', async () => {
    mocked.getFlowViewCounts.mockResolvedValue({ toBeReviewed: 7, flowLaunch: 3, flowDone: 0, flowCirculate: 0 });
    mocked.listFlowTasks.mockResolvedValue(page([]));
    mocked.listMyLaunches.mockResolvedValue(page([]));
    renderHome();
    await waitFor(() => expect(screen.getAllByTestId('home-card-count').map((c) => c.textContent)).toEqual(['7', '3']));
    expect(mocked.getFlowViewCounts).toHaveBeenCalledTimes(1);
  });

  it('S1-1-05 lists my to-dos, my applications and copies, each row opening its flow, with an empty state', async () => {
    mocked.getFlowViewCounts.mockResolvedValue({ toBeReviewed: 1, flowLaunch: 1, flowDone: 0, flowCirculate: 0 });
    mocked.listFlowTasks.mockImplementation(async (category) =>
      category === 1 ? page([row('op1', '报销审批', { flowUrgent: 3 })]) : page([]),
    );
    mocked.listMyLaunches.mockResolvedValue(page([row('mine', '我的请假', { status: 2 })]));
    const router = renderHome();

    const todo = await screen.findByTestId('home-flow-todo-list', {}, WAIT);
    expect(todo.textContent).toContain('报销审批');
    expect(todo.textContent).toContain('紧急');
    expect(todo.textContent).toContain('李四');
    expect((await screen.findByTestId('home-flow-launch-list')).textContent).toContain('审核通过');
    expect((await screen.findByTestId('home-flow-circulate-empty')).textContent).toBe('暂无数据');
    expect(mocked.listFlowTasks).toHaveBeenCalledWith(1, { currentPage: 1, pageSize: 6 });
    expect(mocked.listFlowTasks).toHaveBeenCalledWith(3, { currentPage: 1, pageSize: 6 });

    fireEvent.click(within(todo).getByText('报销审批'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workFlowDetail'));
    expect(decodeFlowDetailConfig(new URLSearchParams(router.state.location.search).get('config'))).toMatchObject({
      id: 'task-op1',
      opType: 1,
      taskOperatorId: 'op1',
    });
  });
});
