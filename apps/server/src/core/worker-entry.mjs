/**
 * The module every thread of the worker pool (worker-pool.ts) starts with. It registers tsx in the
 * thread, as the server runs through tsx too; a task then names its own module, a TypeScript file
 * loaded as an ES module (import() keeps it for later tasks), whose default export takes the task
 * and answers the result.
 */
import { register } from 'tsx/esm/api';

register();

export default async function runTask({ module, task }) {
  const { default: run } = await import(module);
  return run(task);
}
