import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFlowViewCounts } from '../api/workflow.ts';
import { refreshFlowCounts, REFRESH_DELAY_MS, useFlowCountsStore } from './flow-counts.ts';
import { runSessionResetHooks } from './session-reset.ts';

vi.mock('../api/workflow.ts', () => ({ getFlowViewCounts: vi.fn() }));
const counts = vi.mocked(getFlowViewCounts);
const answer = (toBeReviewed: number, flowLaunch: number) => ({
  toBeReviewed,
  flowLaunch,
  flowDone: 0,
  flowCirculate: 0,
});

describe('flow counts of the menus', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    counts.mockReset();
    useFlowCountsStore.getState().reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('S1-4-39 reads the to-do and my-applications counts once per session', async () => {
    counts.mockResolvedValue(answer(4, 2));
    useFlowCountsStore.getState().ensure();
    useFlowCountsStore.getState().ensure();
    await vi.runAllTimersAsync();
    expect(counts).toHaveBeenCalledTimes(1);
    expect(useFlowCountsStore.getState()).toMatchObject({ todo: 4, launch: 2 });
  });

  it('S1-4-39 refreshes 500 ms after a flow action, a burst of refreshes reading once', async () => {
    counts.mockResolvedValue(answer(3, 1));
    refreshFlowCounts();
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS - 100);
    // A second action (or the message it pushes) within the delay starts it again.
    refreshFlowCounts();
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS - 1);
    expect(counts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(counts).toHaveBeenCalledTimes(1);
    expect(useFlowCountsStore.getState()).toMatchObject({ todo: 3, launch: 1 });
    expect(REFRESH_DELAY_MS).toBe(500);
  });

  it('forgets the counts when the session ends, and drops an answer that arrives after', async () => {
    let resolve: (v: ReturnType<typeof answer>) => void = () => {};
    counts.mockReturnValue(new Promise((r) => (resolve = r)));
    useFlowCountsStore.getState().ensure();
    runSessionResetHooks();
    resolve(answer(9, 9));
    await vi.runAllTimersAsync();
    expect(useFlowCountsStore.getState()).toMatchObject({ todo: null, launch: null });
  });
});
