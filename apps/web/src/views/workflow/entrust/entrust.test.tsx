import type { FlowDelegateItem } from '@atrium/shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/workflow.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n from '../../../locales/index.ts';
import { mockFeedback } from '../../../test/helpers.ts';
import EntrustPage from './index.tsx';

vi.mock('../../../api/workflow.ts', () => ({
  listLaunchableTemplates: vi.fn(),
  delegateApi: { list: vi.fn(), info: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() },
}));
const mocked = vi.mocked(api, { deep: true });
const WAIT = { timeout: 10_000 };

const item = (over: Partial<FlowDelegateItem>): FlowDelegateItem => ({
  id: 'd1',
  userId: 'u1',
  userName: '张三',
  toUserId: 'u2',
  toUserName: '李四',
  type: 0,
  flowId: null,
  flowName: null,
  startTime: new Date('2026-04-01T00:00:00').getTime(),
  endTime: new Date('2026-04-03T23:59:59').getTime(),
  description: '休假',
  enabled: 1,
  ...over,
});

describe('flow delegation', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.clearAllMocks();
    const feedback = mockFeedback();
    feedback.modal.confirm.mockImplementation((config: { onOk: () => void }) => config.onOk());
    mocked.listLaunchableTemplates.mockResolvedValue({
      list: [],
      pagination: { currentPage: 1, pageSize: 999, total: 0 },
    });
  });

  it('lists my delegations with type, scope and period, filters by type and deletes one', async () => {
    mocked.delegateApi.list.mockResolvedValue({
      list: [item({}), item({ id: 'd2', toUserName: '王五', type: 1, flowId: 'f', flowName: '请假' })],
      pagination: { currentPage: 1, pageSize: 20, total: 2 },
    });
    mocked.delegateApi.remove.mockResolvedValue({ code: 200, msg: '删除成功', data: null });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <EntrustPage /> }])} />
      </QueryClientProvider>,
    );
    const first = (await screen.findByText('李四', {}, WAIT)).closest('tr')!;
    expect(first.textContent).toContain('审批委托');
    expect(first.textContent).toContain('全部流程');
    expect(first.textContent).toContain('2026-04-01 ~ 2026-04-03');
    const second = screen.getByText('王五').closest('tr')!;
    expect(second.textContent).toContain('发起委托');
    expect(second.textContent).toContain('请假');

    fireEvent.click(within(first).getByTestId('entrust-remove'));
    await waitFor(() => expect(mocked.delegateApi.remove).toHaveBeenCalledWith('d1'));
    await waitFor(() => expect(mocked.delegateApi.list).toHaveBeenCalledTimes(2));
  });
});
