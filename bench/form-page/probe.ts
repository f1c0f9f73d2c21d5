import type { FormBenchApi, PageMode } from './api.ts';

declare global {
  interface Window {
    formBench: FormBenchApi;
  }
}

/**
 * Timing hooks on window, installed before anything renders so that they run first (capture) and
 * last (bubble) around every listener of the page, React's root listeners included.
 *
 * A keystroke is timed from its keydown (window, capture: nothing of the page has run yet) to its
 * input event reaching window in the bubble phase, plus one microtask. React handles the input
 * event at its root, below window; a controlled input's update is flushed synchronously when
 * React's listener returns (and any other sync-lane work in the microtask checkpoint after it), so
 * by then the store write, the recalculation and the commit of every re-rendered field are done.
 * What the figure leaves out is work the keystroke defers (passive effects on a later task, style,
 * layout, paint): the bench reads Chromium's script time for that separately.
 */
export function installProbe(mode: PageMode, selectors: FormBenchApi['selectors']): FormBenchApi {
  const api: FormBenchApi = {
    mode,
    ready: false,
    paintedMs: NaN,
    fcpMs: null,
    renders: 0,
    keyMs: [],
    submitMs: [],
    submitErrors: 0,
    mountedInputs: 0,
    clearErrors: () => undefined,
    selectors,
  };
  window.formBench = api;

  let keyStart = -1;
  window.addEventListener('keydown', () => (keyStart = performance.now()), true);
  window.addEventListener('input', () => {
    if (keyStart < 0) return;
    const start = keyStart;
    keyStart = -1;
    queueMicrotask(() => api.keyMs.push(performance.now() - start));
  });

  let clickStart = -1;
  const isSubmit = (e: Event) => e.target instanceof Element && e.target.closest(api.selectors.submit) !== null;
  window.addEventListener('click', (e) => isSubmit(e) && (clickStart = performance.now()), true);
  window.addEventListener('click', (e) => {
    if (!isSubmit(e) || clickStart < 0) return;
    const start = clickStart;
    clickStart = -1;
    queueMicrotask(() => api.submitMs.push(performance.now() - start));
  });

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') api.fcpMs = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  return api;
}

/**
 * Resolves with the time of the first frame painted once `complete()` holds. It is checked in a
 * frame callback, before that frame paints; a message posted from there runs after the paint.
 */
export function whenPainted(complete: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const frame = () => {
      if (!complete()) return void requestAnimationFrame(frame);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  });
}
