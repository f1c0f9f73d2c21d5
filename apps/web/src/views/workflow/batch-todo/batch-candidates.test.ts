import type { FlowCandidatesAnswer } from '@atrium/shared/workflow';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/workflow.ts';
import { batchPicksNeeded, mergeBatchAnswers } from './batch-candidates.ts';

vi.mock('../../../api/workflow.ts', () => ({ getBatchCandidates: vi.fn() }));
const mocked = vi.mocked(api);

const node = (nodeId: string, kind: 'branch' | 'candidates') => ({
  nodeId,
  nodeName: nodeId.toUpperCase(),
  isBranchFlow: kind === 'branch',
  isCandidates: kind === 'candidates',
  hasCandidates: false,
});
const answer = (type: 1 | 2 | 3, list: FlowCandidatesAnswer['list'], countersignOver = true): FlowCandidatesAnswer => ({
  type,
  list,
  countersignOver,
});

describe('batch candidates (S2-7-69)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('merges the nodes of every to-do once, branches apart from candidates, each with a to-do that holds it', () => {
    const merged = mergeBatchAnswers([
      { operatorId: 'op1', answer: answer(2, [node('fin', 'candidates')]) },
      { operatorId: 'op2', answer: answer(2, [node('fin', 'candidates'), node('ceo', 'candidates')]) },
      { operatorId: 'op3', answer: answer(1, [node('b1', 'branch'), node('b2', 'branch')]) },
      { operatorId: 'op4', answer: answer(3, []) },
    ]);
    expect(merged.candidates).toEqual(answer(2, [node('fin', 'candidates'), node('ceo', 'candidates')]));
    expect(merged.branches).toEqual(answer(1, [node('b1', 'branch'), node('b2', 'branch')]));
    expect(merged.owners).toEqual({ fin: 'op1', ceo: 'op2', b1: 'op3', b2: 'op3' });
  });

  it('asks nothing for a to-do whose approval leaves its countersign open', () => {
    const merged = mergeBatchAnswers([{ operatorId: 'op1', answer: answer(2, [node('fin', 'candidates')], false) }]);
    expect(merged).toEqual({ branches: null, candidates: null, owners: {} });
  });

  it('asks the server for every selected to-do and leaves out one it cannot answer for', async () => {
    mocked.getBatchCandidates.mockImplementation(async (id) => {
      if (id === 'op2') throw new Error('handled meanwhile');
      return answer(2, [node(`n-${id}`, 'candidates')]);
    });
    const ids = ['op1', 'op2', 'op3', 'op4', 'op5', 'op6'];
    const needed = await batchPicksNeeded(ids);
    expect(mocked.getBatchCandidates.mock.calls.map((c) => c[0]).sort()).toEqual(ids);
    expect(needed.candidates!.list.map((n) => n.nodeId)).toEqual(['n-op1', 'n-op3', 'n-op4', 'n-op5', 'n-op6']);
    expect(needed.owners['n-op5']).toBe('op5');
  });
});
