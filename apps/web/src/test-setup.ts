import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
import { afterAll, afterEach } from 'vitest';
import { addMessages } from './locales/index.ts';
import enUS from './locales/en-US.ts';
import zhCN from './locales/zh-CN.ts';
import zhTW from './locales/zh-TW.ts';
import { fakeMediaQuery } from './test/media.ts';

// The app fetches one language before its first render; component tests switch freely, so all three.
addMessages('zh-CN', zhCN);
addMessages('zh-TW', zhTW);
addMessages('en-US', enUS);
// Screens that ship their texts in chunks of their own (loadAreaTexts) get them from the page in the
// app; a component test renders without the page, so every area is added here.
for (const [path, module] of Object.entries(
  import.meta.glob<Record<string, Record<string, unknown>>>('./locales/areas/*/*.ts', { eager: true }),
)) {
  const language = /\/([^/]+)\.ts$/.exec(path)![1] as 'zh-CN' | 'zh-TW' | 'en-US';
  addMessages(language, module as never);
}

// antd reads these browser APIs that happy-dom leaves out.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQuery(query, false),
  });
}

// The router's progress bar finishes on timers (200 ms steps, and a trickle while a navigation runs).
// One still pending when a file's environment is torn down throws "document is not defined" and
// fails the run: in tests it finishes at once and does not trickle.
NProgress.configure({ speed: 0, trickle: false });

afterEach(() => {
  cleanup();
});

// React's scheduler runs its work on setImmediate; antd's confirm dialogs, lazy pages and editors can
// leave a task queued after the last test. Let it run while the DOM environment still exists, or it
// throws "window is not defined" once the file's environment is torn down. The file waits for a
// task of idle priority, which the scheduler runs only after every task queued before it (up to 2 s),
// and for timers that may queue more (200 ms): a loaded machine has run such a task later than that.
const schedulerDrained = () =>
  new Promise<void>((resolve) => {
    const limit = setTimeout(resolve, 2000);
    unstable_scheduleCallback(unstable_IdlePriority, () => {
      clearTimeout(limit);
      resolve();
    });
  });
afterAll(async () => {
  await schedulerDrained();
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  await schedulerDrained();
});
