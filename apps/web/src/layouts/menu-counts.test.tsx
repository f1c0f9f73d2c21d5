import type { MenuItem } from '@atrium/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Menu } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFlowViewCounts } from '../api/workflow.ts';
import { liveSocket } from '../socket/index.ts';
import { useFlowCountsStore } from '../stores/flow-counts.ts';
import { toMenuItems } from './menu-items.tsx';

vi.mock('../api/workflow.ts', () => ({ getFlowViewCounts: vi.fn() }));
const counts = vi.mocked(getFlowViewCounts);

const menu = (id: string, urlAddress: string, fullName: string): MenuItem => ({
  id,
  parentId: '0',
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

const push = (messageType: number) =>
  liveSocket.events.emit({
    method: 'messagePush',
    messageType,
    unreadNoticeCount: 1,
    userId: 'u2',
    toUserId: 'u1',
    title: 't',
    messageDefaultTime: 0,
  } as { method: string });

describe('left menu flow counts', () => {
  beforeEach(() => {
    counts.mockReset();
    useFlowCountsStore.getState().reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('S1-4-39 shows the to-do and my-applications counts beside their entries only', async () => {
    counts.mockResolvedValue({ toBeReviewed: 5, flowLaunch: 2, flowDone: 9, flowCirculate: 9 });
    const items = toMenuItems([
      menu('a', 'workFlow/flowTodo', '待办事宜'),
      menu('b', '/workFlow/flowLaunch', '我发起的'),
      menu('c', 'workFlow/flowDone', '已办事宜'),
    ]);
    render(<Menu mode="inline" items={items} />);
    await waitFor(() => expect(screen.getByTestId('menu-count-todo').textContent).toContain('5'));
    expect(screen.getByTestId('menu-count-launch').textContent).toContain('2');
    expect(screen.queryAllByTestId(/menu-count-/)).toHaveLength(2);
    // Two badges, one read.
    expect(counts).toHaveBeenCalledTimes(1);
  });

  it('S1-4-39 reads the counts again 500 ms after a flow message arrives, not after a notice', async () => {
    counts.mockResolvedValue({ toBeReviewed: 1, flowLaunch: 0, flowDone: 0, flowCirculate: 0 });
    render(<Menu mode="inline" items={toMenuItems([menu('a', 'workFlow/flowTodo', '待办事宜')])} />);
    await waitFor(() => expect(screen.getByTestId('menu-count-todo').textContent).toContain('1'));
    vi.useFakeTimers();
    counts.mockResolvedValue({ toBeReviewed: 4, flowLaunch: 0, flowDone: 0, flowCirculate: 0 });
    act(() => push(1));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(counts).toHaveBeenCalledTimes(1);
    act(() => push(2));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(counts).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(counts).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('menu-count-todo').textContent).toContain('4'));
  });
});
