/**
 * Refusals of the engine. The engine knows no HTTP and no language: it names the reason with a key
 * of the runtime's message catalogue (runtime/messages.ts), and the runtime answers it.
 */
export type EngineErrorKey =
  | 'flowNotRunning'
  | 'flowSuspended'
  | 'flowOperatorDone'
  | 'flowOperatorNotYours'
  | 'flowNoBranchMatches'
  | 'flowBranchRequired'
  | 'flowNodeBlocked'
  | 'flowOpinionRequired'
  | 'flowSignRequired'
  | 'flowRejectNotAllowed'
  | 'flowRejectTargetInvalid'
  | 'flowRecallNotAllowed'
  | 'flowWithdrawNotAllowed'
  | 'flowCopyNotAllowed'
  | 'flowNodeNotCurrent'
  | 'flowNodeUnknown'
  | 'flowFieldRequired'
  | 'flowUserRequired'
  | 'flowNotEnded'
  | 'flowAlreadyHandler'
  | 'flowCallbackSuspended';

export class EngineError extends Error {
  constructor(
    readonly key: EngineErrorKey,
    readonly params: Record<string, string | number> = {},
    /** 400 for a refusal the caller can fix, 404 for something that is not there, 409 for "not now". */
    readonly status: 400 | 403 | 404 | 409 = 400,
  ) {
    super(key);
    this.name = 'EngineError';
  }
}

/** A node found nobody and its policy asks the submitter to pick: nothing is created, the list goes back. */
export class NeedsPicks extends Error {
  constructor(readonly nodes: { nodeId: string; nodeName: string }[]) {
    super('needs picks');
    this.name = 'NeedsPicks';
  }
}
