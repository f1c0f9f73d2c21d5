import type { FlowCandidatesAnswer } from '@atrium/shared/workflow';
import { getBatchCandidates } from '../../../api/workflow.ts';

/**
 * What a batch approval must ask before it is sent: the branches to choose and the candidate nodes
 * to name people for, over every selected to-do, each node once. `owners` names, per node, a to-do
 * whose flow holds it (the candidate users are looked up in that to-do's flow version).
 */
export interface BatchPicksNeeded {
  /** Type 1 answer of the branch nodes, or null when no to-do reaches a branch choice. */
  branches: FlowCandidatesAnswer | null;
  /** Type 2 answer of the candidate nodes, or null when none wants candidates. */
  candidates: FlowCandidatesAnswer | null;
  owners: Record<string, string>;
}

/**
 * Merges the `BatchCandidate` answers of the selected to-dos. A to-do whose approval does not
 * complete its node (a countersign still waiting for others) routes nowhere yet, so it asks nothing.
 */
export function mergeBatchAnswers(
  answers: readonly { operatorId: string; answer: FlowCandidatesAnswer }[],
): BatchPicksNeeded {
  const branches: FlowCandidatesAnswer['list'] = [];
  const candidates: FlowCandidatesAnswer['list'] = [];
  const owners: Record<string, string> = {};
  for (const { operatorId, answer } of answers) {
    if (!answer.countersignOver || answer.type === 3) continue;
    for (const node of answer.list) {
      if (owners[node.nodeId]) continue;
      if (node.isBranchFlow) branches.push(node);
      else if (node.isCandidates) candidates.push(node);
      else continue;
      owners[node.nodeId] = operatorId;
    }
  }
  return {
    branches: branches.length ? { type: 1, list: branches, countersignOver: true } : null,
    candidates: candidates.length ? { type: 2, list: candidates, countersignOver: true } : null,
    owners,
  };
}

/** Requests at once: enough to be quick, few enough not to crowd the server with a 200-row batch. */
const PARALLEL = 4;

/**
 * Asks `BatchCandidate` for every selected to-do (the next nodes depend on each one's form data) and
 * merges the answers. A to-do the server cannot answer for (handled meanwhile) is left out: the
 * batch reports it with its own reason.
 */
export async function batchPicksNeeded(operatorIds: readonly string[]): Promise<BatchPicksNeeded> {
  const answers: { operatorId: string; answer: FlowCandidatesAnswer }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < operatorIds.length) {
      const operatorId = operatorIds[next++]!;
      try {
        answers.push({ operatorId, answer: await getBatchCandidates(operatorId) });
      } catch {
        // left out, see above
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, operatorIds.length) }, worker));
  // Answers arrive in any order; the pickers follow the order of the selection.
  answers.sort((a, b) => operatorIds.indexOf(a.operatorId) - operatorIds.indexOf(b.operatorId));
  return mergeBatchAnswers(answers);
}
