/** Messages between the server and the sandbox thread. */
export interface SandboxJob {
  id: number;
  source: string;
  inputJson: string;
  timeoutMs: number;
  memoryBytes: number;
}

export type SandboxFailureKind = 'timeout' | 'memory' | 'error';

export interface SandboxAnswer {
  id: number;
  outputJson?: string;
  failure?: { kind: SandboxFailureKind; message: string };
}
