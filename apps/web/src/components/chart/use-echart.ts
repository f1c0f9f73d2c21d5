import { init, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { useEffect, useRef, type RefObject } from 'react';

export interface UseEChartOptions {
  /** Registered theme name or object for echarts.init. */
  theme?: string | object;
  renderer?: 'canvas' | 'svg';
}

/**
 * One ECharts instance bound to an element: created on mount, fed `option` whenever it changes
 * (replacing, not merging, so removed series disappear), resized with its box, disposed on unmount.
 * Callers register the charts and components they use with `use()` from echarts/core, which keeps
 * the bundle to what is drawn.
 */
export function useEChart<E extends HTMLElement = HTMLDivElement>(
  option: EChartsCoreOption | null | undefined,
  { theme, renderer = 'canvas' }: UseEChartOptions = {},
): { ref: RefObject<E | null>; chart: RefObject<EChartsType | null> } {
  const ref = useRef<E>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = init(element, theme, { renderer });
    chart.current = instance;
    if (latest.current) instance.setOption(latest.current, { notMerge: true });

    // One resize per frame however many size changes arrive (window drags fire dozens).
    let frame = 0;
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            cancelAnimationFrame(frame);
            frame = requestAnimationFrame(() => {
              if (!instance.isDisposed()) instance.resize();
            });
          })
        : null;
    observer?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme, renderer]);

  useEffect(() => {
    if (option && chart.current && !chart.current.isDisposed()) chart.current.setOption(option, { notMerge: true });
  }, [option]);

  return { ref, chart };
}
