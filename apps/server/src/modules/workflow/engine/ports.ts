import type { ApproverNode, CopySpec } from '@atrium/shared/workflow';
import type { InstanceState } from './state.ts';

/**
 * What the engine asks of the world, passed in by the runtime: the clock, ids, and the answers that
 * need the organisation tables (who handles a node, who a copy goes to, who stands in for whom).
 */
export interface EnginePorts {
  now(): number;
  newId(): string;
  /** The users an approver node's rule names (before delegation, dedup and the empty policy). */
  resolveAssignees(node: ApproverNode, state: InstanceState): Promise<string[]>;
  /** The users a copy specification names. */
  resolveCopyRecipients(spec: CopySpec, state: InstanceState): Promise<string[]>;
  /** Who handles for `userId` now (an approval delegation), or null. */
  delegateOf(userId: string, state: InstanceState): Promise<string | null>;
  /** The administrator account's id, for the empty policy "admin". */
  adminUserId(): Promise<string | null>;
  /**
   * A fresh single-use token for a trigger waiting for a callback: the seed its call derives the
   * token from, and the token's hash, which is all the step keeps (runtime/callback-token.ts).
   */
  newCallbackToken(): Promise<{ seed: string; hash: string }>;
}
