/**
 * An outside system answering a trigger waiting for a callback (docs/workflow.md, "Data interfaces in
 * a flow"): `POST FLOW_CALLBACK_PATH/<token>` with the answer as its JSON body. The token is the only
 * credential; the step is found by the token's hash, and the answer is one command on the locked
 * instance, which checks again that the step still waits for that very token, spends it, maps the
 * answer into the form and moves the flow on.
 */
import { fail, notFound } from '../../../core/errors.ts';
import type { UnitOfWork } from '../../../core/unit-of-work.ts';
import { callbackAnswered } from '../engine/commands.ts';
import { NeedsPicks } from '../engine/errors.ts';
import { callbackTokenHash } from './callback-token.ts';
import { onInstance, type RuntimeServices } from './service.ts';

/**
 * Answers the step waiting for `token` with `answer`. An unknown or spent token, and one whose step no
 * longer waits (answered, timed out, recalled, rejected, withdrawn, the flow ended), is 404 and
 * changes nothing; a suspended flow is 409 and keeps the token for after its restore.
 */
export async function answerCallback(
  services: RuntimeServices,
  unit: UnitOfWork,
  token: string,
  answer: unknown,
): Promise<void> {
  const hash = callbackTokenHash(token);
  const step = await unit.trx
    .selectFrom('flow_node_instance')
    .select(['id', 'instance_id', 'state'])
    .where('callback_token_digest', '=', hash)
    .executeTakeFirst();
  if (!step || step.state !== 'active') throw notFound('flowCallbackUnknown');
  let answered: unknown;
  try {
    answered = await onInstance(
      services,
      unit,
      step.instance_id,
      (state) => ({ userId: state.instance.initiator_id, source: 'system-rule' }),
      (w) => callbackAnswered(w, step.id, hash, answer),
    );
  } catch (error) {
    // The next node found nobody and wants its handlers picked: nobody is there to pick them, so the
    // answer is refused as for a blocked node, and the token stays for a later try.
    if (error instanceof NeedsPicks) throw fail('flowNodeBlocked', { node: error.nodes[0]?.nodeName ?? '' });
    throw error;
  }
  if (answered !== true) throw notFound('flowCallbackUnknown');
}
