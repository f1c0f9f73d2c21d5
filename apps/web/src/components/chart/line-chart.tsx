import { LineChart as ELineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { use as registerECharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from './use-echart.ts';

registerECharts([ELineChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface LineChartProps {
  categories: string[];
  values: number[];
  seriesName: string;
  height?: number;
  testId?: string;
}

/**
 * One smoothed line over categories (a week of sign-ins, say). Import it lazily: it carries ECharts,
 * which must stay out of the shell and of the pages' own chunks.
 */
export default function LineChart({ categories, values, seriesName, height = 300, testId }: LineChartProps) {
  const option = useMemo<Option>(
    () => ({
      grid: { left: 40, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', boundaryGap: false, data: categories },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: seriesName, type: 'line', smooth: 0.3, areaStyle: { opacity: 0.15 }, data: values }],
    }),
    [categories, values, seriesName],
  );
  const { ref } = useEChart(option);
  return <div ref={ref} data-testid={testId} style={{ width: '100%', height }} />;
}
