// The spec's chart box: an ECharts chart that follows its option and its container's size
// (a kept-alive tab that becomes visible again resizes it).
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { prefersReducedMotion } from '../context/motion';

/** Charts do not animate for users who ask for reduced motion. */
function withMotion(option: EChartsCoreOption): EChartsCoreOption {
  return prefersReducedMotion() ? { ...option, animation: false } : option;
}

export interface ChartBoxProps {
  option: EChartsCoreOption;
  height?: number;
  /** Read by screen readers and tests. */
  label?: string;
}

export function ChartBox({ option, height = 240, label }: ChartBoxProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts').then(({ echarts }) => {
      const target = element.current;
      if (disposed || !target) return;
      // Drawn once the box has a size (a hidden tab has none), resized with it afterwards.
      const draw = () => {
        if (!target.clientWidth || !target.clientHeight) return;
        if (chart.current) return chart.current.resize();
        chart.current = echarts.init(target, undefined, { renderer: 'canvas' });
        chart.current.setOption(withMotion(latest.current));
      };
      observer = new ResizeObserver(draw);
      observer.observe(target);
      draw();
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(withMotion(option), true);
  }, [option]);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
