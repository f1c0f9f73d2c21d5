import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const instance = {
  setOption: vi.fn(),
  resize: vi.fn(),
  dispose: vi.fn(),
  isDisposed: vi.fn(() => false),
};
const init = vi.fn((..._args: unknown[]) => instance);
vi.mock('echarts/core', () => ({ init: (...args: unknown[]) => init(...args) }));

const { useEChart } = await import('./use-echart.ts');

function Chart({ option }: { option: Record<string, unknown> }) {
  const { ref } = useEChart(option);
  return <div ref={ref} data-testid="chart" />;
}

describe('useEChart', () => {
  afterEach(() => vi.clearAllMocks());

  it('inits on mount, replaces the option on change and disposes on unmount', () => {
    const first = { series: [{ type: 'line', data: [1] }] };
    const { rerender, unmount, getByTestId } = render(<Chart option={first} />);
    expect(init).toHaveBeenCalledTimes(1);
    expect(init.mock.calls[0][0]).toBe(getByTestId('chart'));
    expect(instance.setOption).toHaveBeenLastCalledWith(first, { notMerge: true });

    const second = { series: [{ type: 'line', data: [2] }] };
    rerender(<Chart option={second} />);
    expect(instance.setOption).toHaveBeenLastCalledWith(second, { notMerge: true });
    expect(init).toHaveBeenCalledTimes(1);

    unmount();
    expect(instance.dispose).toHaveBeenCalledTimes(1);
  });
});
