/**
 * Launching and handling calls of the workflow (docs/workflow.md, "Launch and handling"): each action
 * is one command on the locked instance (service.ts); reads check `canReadInstance` and answer 404
 * to anyone who may not see the instance.
 */
import type { FastifyRequest } from 'fastify';
import {
  FLOW_CALLBACK_PATH,
  FlowStatus,
  FlowTemplateType,
  type FlowStartBody,
  type StartProperties,
} from '@atrium/shared/workflow';
import { signedIn } from '../../../core/access.ts';
import { AppError, fail, notFound } from '../../../core/errors.ts';
import { ok } from '../../../core/http.ts';
import { registerMessages } from '../../../core/messages.ts';
import { replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { runCommand, type UnitOfWork } from '../../../core/unit-of-work.ts';
import {
  addSign,
  approve,
  assign,
  cancel,
  change,
  recall,
  reject,
  rejectTargets,
  restore,
  saveDraft,
  suspend,
  transfer,
  withdraw,
  type HandleInput,
} from '../engine/commands.ts';
import { NeedsPicks } from '../engine/errors.ts';
import { Working } from '../engine/working.ts';
import { answerCallback } from './callbacks.ts';
import { previewPorts } from './candidates.ts';
import { readState, rememberLinks, versionTree } from './store.ts';
import { rememberNames } from './names.ts';
import { candidateUsers, candidatesOf, candidatesForLaunch, currentNodes, templateNodes } from './candidates.ts';
import { instanceDetail, readableData, recordList } from './detail.ts';
import { fileLinks, storedFileList } from '../../file/links.ts';
import { canReadInstance, flowRecordSource, holdsMonitor, MONITOR_MENU } from './instance-access.ts';
import { registerWorkflowJobs } from './jobs.ts';
import { runtimeMessages } from './messages.ts';
import {
  actionAnswer,
  batchAnswer,
  batchBody,
  batchCandidateQuery,
  CALLBACK_BODY_LIMIT,
  callbackBody,
  callbackParams,
  candidatesAnswer,
  candidatesBody,
  candidateUserAnswer,
  candidateUserBody,
  changeBody,
  detailAnswer,
  detailQuery,
  draftAnswer,
  idParams,
  optionalHandleBody,
  infoAnswer,
  launchAnswer,
  nodeSelectorAnswer,
  recordItem,
  rejectListAnswer,
  startBody,
  type HandleBody,
} from './schema.ts';
import { launch, onInstance, replayOf } from './service.ts';
import { isUniqueViolation } from '../../../core/unique-code.ts';
import { deleteInstance, urge } from './launcher.ts';
import { z } from 'zod';

const tags = ['workflow'];
const ENGINE = '/api/workflow/Engine';
const BEFORE = `${ENGINE}/FlowBefore`;
const LAUNCH = `${ENGINE}/FlowLaunch`;
const monitorOnly = {
  access: { permission: MONITOR_MENU },
  // The monitor's interventions are part of the flow's own history: each writes a record (source
  // 'admin') with who, when and the opinion, which the detail page shows beside every approval.
  audit: { exempt: "recorded in the flow's history with its author, time and opinion" },
} as const;
const userOnly = { access: 'user' } as const;

/** The idempotency key of a mutating call: the body's `requestId`, else the `X-Request-Id` header. */
function requestIdOf(request: FastifyRequest, body?: { requestId?: string }): string | null {
  const header = request.headers['x-request-id'];
  return body?.requestId ?? (typeof header === 'string' && header.trim() ? header.trim().slice(0, 100) : null);
}

const splitIds = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const handleInput = (body: HandleBody): HandleInput => ({
  opinion: body.handleOpinion ?? null,
  signImg: body.signImg ?? null,
  fileList: storedFileList(body.fileList),
  formData: body.formData,
  copyIds: splitIds(body.copyIds),
  candidateList: body.candidateList,
  errorRuleUserList: body.errorRuleUserList,
  branchList: body.branchList,
});

export async function runtimeRoutes(app: App, services: Services) {
  const { db, now } = services;
  registerMessages(runtimeMessages);
  registerWorkflowJobs(services);
  services.records.register(flowRecordSource(db));
  const onEffectFailure = (error: unknown) => app.log.error({ err: error }, 'workflow effect failed');

  /** 404 unless the caller may read the instance. */
  const readable = async (request: FastifyRequest, instanceId: string) => {
    if (!(await canReadInstance(db, request, instanceId))) throw notFound('flowNotFound');
  };

  /** The instance of an operator the caller may act on or at least see (404 otherwise). */
  const operatorInstance = async (request: FastifyRequest, operatorId: string) => {
    const userId = signedIn(request).session.userId;
    // The instance's links come along, so the command that follows need not read them (store.ts).
    const op = await db
      .selectFrom('flow_operator')
      .leftJoin('flow_instance', 'flow_instance.id', 'flow_operator.instance_id')
      .select([
        'flow_operator.instance_id',
        'flow_operator.assignee_id',
        'flow_instance.parent_instance_id',
        'flow_instance.is_async',
      ])
      .where('flow_operator.id', '=', operatorId)
      .executeTakeFirst();
    if (!op) throw notFound('flowNotFound');
    if (op.is_async !== null)
      rememberLinks({ id: op.instance_id, parent_instance_id: op.parent_instance_id, is_async: op.is_async });
    if (op.assignee_id !== userId) await readable(request, op.instance_id);
    return op.instance_id;
  };

  /** Runs a command of the caller: his name comes with his session, so its title and messages need not read it. */
  const commandOf = <T>(request: FastifyRequest, command: (unit: UnitOfWork) => Promise<T>) => {
    const { user } = signedIn(request).authority;
    return runCommand(
      db,
      (unit) => {
        rememberNames(unit.trx, [[user.id, user.real_name]]);
        return command(unit);
      },
      onEffectFailure,
    );
  };

  /**
   * Runs one command as the caller. A command that finds nodes without handlers under the "previous
   * picks" policy creates nothing and answers those nodes.
   */
  const act = async <T>(
    request: FastifyRequest,
    instanceId: string,
    body: { requestId?: string } | undefined,
    fn: (w: Working) => Promise<T> | T,
    source: 'user' | 'admin' = 'user',
  ) => {
    const userId = signedIn(request).session.userId;
    try {
      await commandOf(request, (unit) =>
        onInstance(services, unit, instanceId, { userId, source, requestId: requestIdOf(request, body) }, fn),
      );
      return ok(null);
    } catch (error) {
      if (error instanceof NeedsPicks) return ok(error.nodes);
      throw error;
    }
  };

  // ---- Launch -------------------------------------------------------------------------------

  const start = async (request: FastifyRequest, body: FlowStartBody, existingId?: string) => {
    const userId = signedIn(request).session.userId;
    const requestId = requestIdOf(request, body) ?? undefined;
    try {
      const result = await commandOf(request, (unit) =>
        launch(services, unit, userId, { ...body, requestId }, existingId),
      );
      return ok(result.id ? { id: result.id } : result.picks);
    } catch (error) {
      // The same launch sent twice at once: the one that lost the unique request id answers the winner's.
      const replay = isUniqueViolation(error) && requestId ? await replayOf(db, userId, requestId) : undefined;
      if (replay) return ok({ id: replay.instance_id });
      throw error;
    }
  };

  app.post(
    `${ENGINE}/FlowTask`,
    {
      schema: {
        body: startBody,
        tags,
        summary: 'Launch a flow, or save it as a draft',
        response: replies(launchAnswer),
      },
      config: userOnly,
    },
    async (request) => start(request, request.body),
  );

  app.put(
    `${ENGINE}/FlowTask/:id`,
    {
      schema: {
        params: idParams,
        body: startBody,
        tags,
        summary: 'Update a draft, or resubmit a rejected or withdrawn flow',
        response: replies(launchAnswer),
      },
      config: userOnly,
    },
    async (request) => start(request, request.body, request.params.id),
  );

  app.get(
    `${ENGINE}/FlowTask/:id`,
    {
      schema: { params: idParams, tags, summary: 'One own draft or returned flow', response: replies(draftAnswer) },
      config: userOnly,
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const row = await db
        .selectFrom('flow_instance')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row || (row.initiator_id !== userId && row.delegated_by !== userId)) throw notFound('flowNotFound');
      const choices = JSON.parse(row.choices || '{}') as { candidates?: Record<string, string[]>; branches?: string[] };
      // The initiator reads through the start node, as on the detail page: not the fields it hides.
      const start = (await versionTree(db, row.version_id))?.tree.properties as StartProperties | undefined;
      return ok({
        id: row.id,
        flowId: row.version_id,
        templateId: row.template_id,
        status: row.status,
        flowTitle: row.title,
        flowUrgent: row.urgent,
        billNo: row.bill_no,
        formData: readableData(JSON.parse(row.form_data || '{}') as Record<string, unknown>, start?.formOperates),
        candidateList: choices.candidates ?? {},
        branchList: choices.branches ?? [],
      });
    },
  );

  // ---- Reading --------------------------------------------------------------------------------

  app.get(
    `${BEFORE}/:id`,
    {
      schema: {
        params: idParams,
        querystring: detailQuery,
        tags,
        summary: 'The detail of an instance',
        response: replies(detailAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      const userId = signedIn(request).session.userId;
      const viewer = { userId, monitor: holdsMonitor(request), now: now(), links: fileLinks(services, userId) };
      return ok(await instanceDetail(db, viewer, request.params.id, request.query));
    },
  );

  app.get(
    `${BEFORE}/:id/Info`,
    {
      schema: { params: idParams, tags, summary: 'Whether an operator can still act', response: replies(infoAnswer) },
      config: userOnly,
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const op = await db
        .selectFrom('flow_operator')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!op) throw notFound('flowNotFound');
      await readable(request, op.instance_id);
      const instance = await db
        .selectFrom('flow_instance')
        .select(['status', 'version_id'])
        .where('id', '=', op.instance_id)
        .executeTakeFirstOrThrow();
      return ok({
        id: op.id,
        taskId: op.instance_id,
        flowId: instance.version_id,
        nodeId: op.node_id,
        nodeName: op.node_name,
        state: op.state,
        actionable: op.state === 'pending' && op.assignee_id === userId && instance.status === FlowStatus.wait,
      });
    },
  );

  app.get(
    `${BEFORE}/RecordList/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The approval records of an instance',
        response: replies(z.array(recordItem)),
      },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      return ok(await recordList(db, request.params.id, fileLinks(services, signedIn(request).session.userId)));
    },
  );

  // ---- Handling ---------------------------------------------------------------------------------

  const operatorAction = (
    path: string,
    summary: string,
    run: (w: Working, id: string, body: HandleBody) => Promise<unknown> | unknown,
  ) =>
    app.post(
      `${BEFORE}/${path}/:id`,
      {
        schema: { params: idParams, body: optionalHandleBody, tags, summary, response: replies(actionAnswer) },
        config: userOnly,
      },
      async (request) => {
        const instanceId = await operatorInstance(request, request.params.id);
        const body = request.body ?? {};
        return act(request, instanceId, body, (w) => run(w, request.params.id, body));
      },
    );

  operatorAction('Audit', 'Approve as an operator', (w, id, body) => approve(w, id, handleInput(body)));
  operatorAction('SaveAudit', 'Save the form as a draft of the operator', (w, id, body) =>
    saveDraft(w, id, body.formData ?? {}),
  );
  operatorAction('Reject', 'Reject as an operator', (w, id, body) =>
    reject(w, id, { ...handleInput(body), rejectStep: body.rejectStep, rejectType: body.rejectType }),
  );
  operatorAction('Transfer', 'Give the task to another user', (w, id, body) =>
    transfer(w, id, splitIds(body.freeApproverUserId)[0] ?? '', handleInput(body)),
  );
  operatorAction('freeApprover', 'Add signers before or after the operator', (w, id, body) =>
    addSign(w, id, splitIds(body.freeApproverUserId), body.freeApproverType ?? 1, handleInput(body)),
  );

  app.get(
    `${BEFORE}/RejectList/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Where the operator may send the flow back',
        response: replies(rejectListAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      const instanceId = await operatorInstance(request, request.params.id);
      const op = await db
        .selectFrom('flow_operator')
        .select('node_id')
        .where('id', '=', request.params.id)
        .executeTakeFirstOrThrow();
      const state = await readState(db, instanceId);
      if (!state) throw notFound('flowNotFound');
      const list = rejectTargets(new Working(state, previewPorts(now), { userId: '', source: 'user' }), op.node_id);
      return ok({ list });
    },
  );

  app.post(
    `${BEFORE}/Recall/:id`,
    {
      schema: {
        params: idParams,
        body: optionalHandleBody,
        tags,
        summary: 'Take back an own approval',
        response: replies(actionAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const record = await db
        .selectFrom('flow_record')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!record || record.handler_id !== userId) {
        if (record) await readable(request, record.instance_id);
        throw notFound('flowNotFound');
      }
      // The record as read before the lock is enough: recall re-checks its operator under the lock.
      return act(request, record.instance_id, request.body, (w) => recall(w, record));
    },
  );

  app.post(
    `${BEFORE}/Cancel/:id`,
    {
      schema: {
        params: idParams,
        body: optionalHandleBody,
        tags,
        summary: 'Terminate an instance',
        response: replies(actionAnswer),
      },
      config: monitorOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      return act(
        request,
        request.params.id,
        request.body,
        (w) => {
          if (w.state.template.flowType === FlowTemplateType.function) throw new AppError(400, 'flowCancelFunction');
          cancel(w, request.body?.handleOpinion ?? null);
        },
        'admin',
      );
    },
  );

  app.post(
    `${BEFORE}/Assign/:id`,
    {
      schema: {
        params: idParams,
        body: optionalHandleBody,
        tags,
        summary: 'Replace the handlers of a current node',
        response: replies(actionAnswer),
      },
      config: monitorOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      const body = request.body ?? {};
      const node = body.nodeCode;
      if (!node) throw fail('flowNodeNotCurrent', { node: '' });
      return act(
        request,
        request.params.id,
        body,
        (w) => assign(w, node, splitIds(body.freeApproverUserId)[0] ?? '', body.handleOpinion ?? null),
        'admin',
      );
    },
  );

  app.post(
    `${BEFORE}/Change`,
    {
      schema: {
        body: changeBody,
        tags,
        summary: 'Move a flow to a node, or revive an ended one there',
        response: replies(actionAnswer),
      },
      config: monitorOnly,
    },
    async (request) => {
      const body = request.body;
      await readable(request, body.taskId);
      return act(
        request,
        body.taskId,
        body,
        (w) => change(w, body.nodeCode, body.resurgence, body.handleOpinion ?? null),
        'admin',
      );
    },
  );

  for (const [action, run] of [
    ['Suspend', suspend],
    ['Restore', restore],
  ] as const)
    app.put(
      `${ENGINE}/FlowMonitor/:id/Actions/${action}`,
      {
        schema: { params: idParams, tags, summary: `${action} an instance`, response: replies(actionAnswer) },
        config: monitorOnly,
      },
      async (request) => {
        await readable(request, request.params.id);
        return act(request, request.params.id, undefined, (w) => run(w), 'admin');
      },
    );

  // Public: an outside system answering a trigger that waits for its callback; the single-use token in
  // the path is the credential (docs/workflow.md, "Data interfaces in a flow").
  app.post(
    `${FLOW_CALLBACK_PATH}/:token`,
    {
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        params: callbackParams,
        body: callbackBody,
        tags,
        summary: 'Answer a trigger waiting for a callback, with its token',
        response: replies(actionAnswer),
      },
      config: { access: 'public' },
    },
    async (request) => {
      await runCommand(
        db,
        (unit) => answerCallback(services, unit, request.params.token, request.body ?? null),
        onEffectFailure,
      );
      return ok(null);
    },
  );

  app.post(
    `${BEFORE}/BatchOperation`,
    {
      schema: {
        body: batchBody,
        tags,
        summary: 'Approve, reject or transfer many to-dos',
        response: replies(batchAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      const body = request.body;
      const results: { id: string; success: boolean; message: string }[] = [];
      for (const id of [...new Set(body.ids)]) {
        try {
          const instanceId = await operatorInstance(request, id);
          const input = handleInput(body);
          const answer = await act(
            request,
            instanceId,
            { requestId: body.requestId ? `${body.requestId}:${id}` : undefined },
            (w) =>
              body.batchType === 0
                ? approve(w, id, input)
                : body.batchType === 1
                  ? reject(w, id, { ...input, rejectStep: body.rejectStep, rejectType: body.rejectType })
                  : transfer(w, id, splitIds(body.freeApproverUserId)[0] ?? '', input),
          );
          const picks = Array.isArray(answer.data) && answer.data.length > 0;
          results.push({
            id,
            success: !picks,
            message: picks ? request.t('flowNodeBlocked', { node: answer.data![0]!.nodeName }) : request.t('success'),
          });
        } catch (error) {
          const message = error instanceof AppError ? request.t(error.messageKey, error.params) : request.t('internal');
          results.push({ id, success: false, message });
        }
      }
      return ok(results);
    },
  );

  // ---- Pickers --------------------------------------------------------------------------------

  app.post(
    `${BEFORE}/Candidates/:id`,
    {
      schema: {
        params: idParams,
        body: candidatesBody,
        tags,
        summary: 'Next nodes that want candidates or a branch',
        response: replies(candidatesAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const op = await db
        .selectFrom('flow_operator')
        .select(['id', 'assignee_id', 'instance_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (op) {
        if (op.assignee_id !== userId) await readable(request, op.instance_id);
        return ok(await candidatesOf(db, op.id, request.body.formData, request.body.branchList));
      }
      const answer = await candidatesForLaunch(
        db,
        request.params.id,
        userId,
        request.body.formData ?? {},
        request.body.branchList,
      );
      if (!answer) throw notFound('flowNotFound');
      return ok(answer);
    },
  );

  app.get(
    `${BEFORE}/BatchCandidate`,
    {
      schema: {
        querystring: batchCandidateQuery,
        tags,
        summary: 'Candidates needed by a batch approval',
        response: replies(candidatesAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      await operatorInstance(request, request.query.taskOperatorId);
      return ok(await candidatesOf(db, request.query.taskOperatorId, undefined, undefined));
    },
  );

  app.post(
    `${BEFORE}/CandidateUser/:id`,
    {
      schema: {
        params: idParams,
        body: candidateUserBody,
        tags,
        summary: 'Users a node may take as candidates',
        response: replies(candidateUserAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      const op = await db
        .selectFrom('flow_operator')
        .select(['instance_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (op) await operatorInstance(request, request.params.id);
      const answer = await candidateUsers(services, request.params.id, signedIn(request).session.userId, request.body);
      if (!answer) throw notFound('flowNotFound');
      return ok(answer);
    },
  );

  app.get(
    `${BEFORE}/NodeSelector/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The approval nodes of an instance version',
        response: replies(nodeSelectorAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      return ok(await templateNodes(db, request.params.id));
    },
  );

  app.get(
    `${BEFORE}/Selector/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The current approval nodes of an instance',
        response: replies(nodeSelectorAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      return ok(await currentNodes(db, request.params.id));
    },
  );

  // ---- The initiator's calls --------------------------------------------------------------------

  app.put(
    `${LAUNCH}/:id/Actions/Withdraw`,
    {
      schema: {
        params: idParams,
        body: optionalHandleBody,
        tags,
        summary: 'Withdraw an own flow',
        response: replies(actionAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      return act(request, request.params.id, request.body, (w) => withdraw(w, request.body?.handleOpinion ?? null));
    },
  );

  app.post(
    `${LAUNCH}/Press/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Urge the current handlers of an own flow',
        response: replies(actionAnswer),
      },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      const userId = signedIn(request).session.userId;
      await commandOf(request, (unit) => urge(services, unit, request.params.id, userId));
      return ok(null);
    },
  );

  app.delete(
    `${LAUNCH}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete an own draft or ended flow', response: replies(actionAnswer) },
      config: userOnly,
    },
    async (request) => {
      await readable(request, request.params.id);
      const userId = signedIn(request).session.userId;
      await runCommand(db, (unit) => deleteInstance(unit, request.params.id, userId));
      return ok(null);
    },
  );
}
