/**
 * The sandbox thread: runs admin-written JavaScript in QuickJS (compiled to WebAssembly), never
 * in Node's own engine (never eval, new Function, vm or vm2). Each job gets a fresh runtime
 * with a memory limit, a stack limit and an interrupt deadline, so a script sees nothing of the
 * server and a runaway one is stopped inside QuickJS; the thread itself stays usable.
 */
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { SandboxJob, SandboxAnswer } from './protocol.ts';

const quickJs: Promise<QuickJSWASMModule> = getQuickJS();

/** What a failed evaluation dumps to: QuickJS error objects become plain { name, message }. */
function failureOf(dumped: unknown, deadlinePassed: boolean): SandboxAnswer['failure'] {
  const error = (dumped && typeof dumped === 'object' ? dumped : { message: String(dumped) }) as {
    name?: string;
    message?: string;
  };
  const message = String(error.message ?? '');
  if (deadlinePassed || /interrupted/i.test(message)) return { kind: 'timeout', message };
  if (/out of memory/i.test(message) || /stack overflow/i.test(message)) return { kind: 'memory', message };
  return { kind: 'error', message: `${error.name ? `${error.name}: ` : ''}${message}`.slice(0, 500) };
}

async function run(job: SandboxJob): Promise<SandboxAnswer> {
  const QuickJS = await quickJs;
  const runtime = QuickJS.newRuntime();
  const deadline = Date.now() + job.timeoutMs;
  runtime.setMemoryLimit(job.memoryBytes);
  runtime.setMaxStackSize(256 * 1024);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const vm = runtime.newContext();
  try {
    const input = vm.newString(job.inputJson);
    vm.setProp(vm.global, '__input', input);
    input.dispose();
    // The script is one function expression; its answer leaves the sandbox only as JSON text.
    const code = `"use strict";
const __fn = (
${job.source}
);
if (typeof __fn !== 'function') throw new TypeError('the script must be a function, e.g. (data) => data');
const __out = __fn(JSON.parse(__input));
__out === undefined ? 'null' : JSON.stringify(__out);`;
    const result = vm.evalCode(code, 'dataProcessing.js');
    if (result.error) {
      const dumped: unknown = vm.dump(result.error);
      result.error.dispose();
      return { id: job.id, failure: failureOf(dumped, Date.now() >= deadline) };
    }
    const out: unknown = vm.dump(result.value);
    result.value.dispose();
    return { id: job.id, outputJson: typeof out === 'string' ? out : 'null' };
  } catch (error) {
    // The runtime itself ran out of room (the limit hit while building an error, for example).
    return { id: job.id, failure: failureOf(error, Date.now() >= deadline) };
  } finally {
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime stopped half-way (out of memory) may not free cleanly; a fresh thread is safer.
      broken = true;
    }
  }
}

let broken = false;

parentPort!.on('message', (job: SandboxJob) => {
  void run(job).then(
    (answer) => {
      parentPort!.postMessage(answer);
      if (broken) process.exit(1);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        failure: { kind: 'error', message: String(error) },
      } satisfies SandboxAnswer),
  );
});
