// React's scheduler ships no types; the test setup uses two of its calls (see test-setup.ts).
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
