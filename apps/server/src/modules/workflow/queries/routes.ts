import type { FastifyRequest } from 'fastify';
import { FlowListCategory } from '@atrium/shared/workflow';
import { signedIn } from '../../../core/access.ts';
import { createAnswerMemo } from '../../../core/answer-memo.ts';
import type { AuditExemption } from '../../../core/audit.ts';
import { notFound } from '../../../core/errors.ts';
import { ok } from '../../../core/http.ts';
import { registerMessages } from '../../../core/messages.ts';
import { pageQuery } from '../../../core/paging.ts';
import { replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { fileLinks } from '../../file/links.ts';
import { canReadInstance, MONITOR_MENU } from '../runtime/instance-access.ts';
import { addComment, listComments, removeComment } from './comments.ts';
import {
  createDelegation,
  delegationInfo,
  delegatorsOf,
  listDelegations,
  removeDelegation,
  updateDelegation,
} from './delegation.ts';
import { batchFlowSelector, categoryList, instanceList, viewCounts } from './lists.ts';
import { flowQueryMessages } from './messages.ts';
import { openReceipts, receiptByCode, receiptCode } from './receipts.ts';
import {
  batchSelectorAnswer,
  commentBody,
  commentListAnswer,
  commentListQuery,
  createdAnswer,
  delegateBody,
  delegateItem,
  delegateListAnswer,
  delegateListQuery,
  delegatorAnswer,
  delegatorQuery,
  flowListAnswer,
  flowListQuery,
  idParams,
  launchListQuery,
  listParams,
  monitorListQuery,
  openReceiptAnswer,
  receiptAnswer,
  receiptCodeAnswer,
  receiptCodeQuery,
  receiptIdQuery,
  viewCountAnswer,
  viewListBody,
} from './schema.ts';

const tags = ['workflow'];
const ENGINE = '/api/workflow/Engine';
const DISPATCH = '/api/workflow/form/dispatch';
const RECEIPT = '/api/workflow/form/receipt';
/** The delegation menu (docs/workflow.md, "Menus"). */
const ENTRUST_MENU = 'workFlow.entrust';
/** Callers whose menu counts are kept ready at once; more only read more often. */
const COUNTS_KEPT = 10_000;

/**
 * The workflow's read side and personal settings: the lists and counts, receipts, delegation and
 * comments. Every list shows the caller's own rows, so it needs only a session; the monitor needs
 * its menu.
 */
export async function queryRoutes(app: App, services: Services) {
  const { db, dialect, now, changes } = services;
  registerMessages(flowQueryMessages);
  // The menu badges are asked for on every page and after every action. A caller's counts are
  // kept until a flow's instances, handlers, records or copies are written (by anyone: one
  // approval moves several people's counts).
  const countAnswers = createAnswerMemo(changes, {
    name: 'workflow.counts',
    tables: ['flow_instance', 'flow_operator', 'flow_record', 'flow_circulate'],
    maxEntries: COUNTS_KEPT,
  });
  const me = (request: FastifyRequest) => signedIn(request).session.userId;
  const actor = (request: FastifyRequest) => ({ userId: me(request), now: now() });

  // ---- Lists and counts ------------------------------------------------------------------------

  app.get(
    `${ENGINE}/FlowBefore/List/:category`,
    {
      schema: {
        params: listParams,
        querystring: flowListQuery,
        tags,
        summary: 'To-do (1), done (2), copied (3) or batch-capable to-do (4) items of the caller',
        response: replies(flowListAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await categoryList(db, dialect, me(request), request.params.category, request.query)),
  );

  app.get(
    `${ENGINE}/FlowBefore/BatchFlowSelector`,
    {
      schema: {
        tags,
        summary: 'Templates of the caller’s batch-capable to-dos, with their counts',
        response: replies(batchSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await batchFlowSelector(db, me(request))),
  );

  app.get(
    `${ENGINE}/FlowLaunch`,
    {
      schema: {
        querystring: launchListQuery,
        tags,
        summary: 'The caller’s instances, drafts included',
        response: replies(flowListAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await instanceList(db, dialect, me(request), request.query)),
  );

  app.get(
    `${ENGINE}/FlowMonitor`,
    {
      schema: {
        querystring: monitorListQuery,
        tags,
        summary: 'Every launched instance, for the monitor',
        response: replies(flowListAnswer),
      },
      config: { access: { permission: MONITOR_MENU } },
    },
    async (request) => ok(await instanceList(db, dialect, null, request.query)),
  );

  app.post(
    `${DISPATCH}/flowViewCount`,
    {
      schema: {
        tags,
        summary: 'Counts of the caller’s to-do, running launches, done and copied items',
        response: replies(viewCountAnswer),
      },
      config: { access: 'user', reads: true },
    },
    (request, reply) =>
      countAnswers.send(request, reply, me(request), async () => ok(await viewCounts(db, dialect, me(request)))),
  );

  /** flowViewList's `type`: 1 to-do, 2 done, 3 CC, 4 my launches. */
  const VIEW_LAUNCH = 4;
  app.post(
    `${DISPATCH}/flowViewList`,
    {
      schema: {
        body: viewListBody,
        tags,
        summary: 'One page of the caller’s to-do (1), done (2), copied (3) or launched (4) items',
        response: replies(flowListAnswer),
      },
      config: { access: 'user', reads: true },
    },
    async (request) => {
      const { type, ...page } = request.body;
      const query = { ...page, sort: 'desc' as const, sidx: '' };
      return ok(
        type === VIEW_LAUNCH
          ? await instanceList(db, dialect, me(request), query)
          : await categoryList(db, dialect, me(request), type ?? FlowListCategory.todo, query),
      );
    },
  );

  app.post(
    `${DISPATCH}/allFlowViewList`,
    {
      schema: {
        body: viewListBody,
        tags,
        summary: 'One page of every launched instance, for the monitor',
        response: replies(flowListAnswer),
      },
      config: {
        reads: true,
        access: { permission: MONITOR_MENU },
        audit: { exempt: 'a list read through POST, as the monitor screen calls it; nothing changes' },
      },
    },
    async (request) => {
      const { type: _type, ...page } = request.body;
      return ok(await instanceList(db, dialect, null, { ...page, sort: 'desc', sidx: '' }));
    },
  );

  // ---- Receipts --------------------------------------------------------------------------------

  app.get(
    `${RECEIPT}/external`,
    {
      schema: {
        querystring: receiptCodeQuery,
        tags,
        summary: 'The printable summary of the instance with this bill number',
        response: replies(receiptAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await receiptByCode(db, request, request.query.code)),
  );

  app.get(
    `${RECEIPT}/getReceiptCode`,
    {
      schema: {
        querystring: receiptIdQuery,
        tags,
        summary: 'The bill number of an instance',
        response: replies(receiptCodeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await receiptCode(db, request, request.query.id)),
  );

  app.get(
    `${RECEIPT}/getOpenReceiptList`,
    {
      schema: {
        querystring: pageQuery,
        tags,
        summary: 'The caller’s approved instances with their bill numbers',
        response: replies(openReceiptAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await openReceipts(db, me(request), request.query)),
  );

  // ---- Delegation ------------------------------------------------------------------------------

  const DELEGATE = `${ENGINE}/FlowDelegate`;
  const personal: AuditExemption = {
    exempt: "a user's own out-of-office setting, not an administrative change",
  };

  app.get(
    DELEGATE,
    {
      schema: {
        querystring: delegateListQuery,
        tags,
        summary: 'The caller’s delegations',
        response: replies(delegateListAnswer),
      },
      config: { access: { permission: ENTRUST_MENU } },
    },
    async (request) => ok(await listDelegations(db, dialect, me(request), request.query)),
  );

  app.get(
    `${DELEGATE}/ToMe`,
    {
      schema: {
        querystring: delegatorQuery,
        tags,
        summary: 'Who delegates launching (type 1) or approvals (type 0) to the caller now',
        response: replies(delegatorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await delegatorsOf(db, me(request), request.query, now())),
  );

  app.get(
    `${DELEGATE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One of the caller’s delegations', response: replies(delegateItem) },
      config: { access: { permission: ENTRUST_MENU } },
    },
    async (request) => ok(await delegationInfo(db, me(request), request.params.id)),
  );

  app.post(
    DELEGATE,
    {
      schema: {
        body: delegateBody,
        tags,
        summary: 'Delegate approvals or launching',
        response: replies(createdAnswer),
      },
      config: { access: { permission: ENTRUST_MENU }, audit: personal },
    },
    async (request) => {
      const id = await createDelegation(db, request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${DELEGATE}/:id`,
    {
      schema: { params: idParams, body: delegateBody, tags, summary: 'Change a delegation', response: replies() },
      config: { access: { permission: ENTRUST_MENU }, audit: personal },
    },
    async (request) => {
      await updateDelegation(db, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${DELEGATE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'End a delegation', response: replies() },
      config: { access: { permission: ENTRUST_MENU }, audit: personal },
    },
    async (request) => {
      await removeDelegation(db, me(request), request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ---- Comments --------------------------------------------------------------------------------

  const COMMENT = `${ENGINE}/FlowComment`;
  const readable = async (request: FastifyRequest, instanceId: string) => {
    if (!(await canReadInstance(db, request, instanceId))) throw notFound();
  };

  app.get(
    COMMENT,
    {
      schema: {
        querystring: commentListQuery,
        tags,
        summary: 'The comments of an instance, newest first',
        response: replies(commentListAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      await readable(request, request.query.taskId);
      return ok(
        await listComments(db, me(request), request.query.taskId, request.query, fileLinks(services, me(request))),
      );
    },
  );

  app.post(
    COMMENT,
    {
      schema: { body: commentBody, tags, summary: 'Comment on an instance', response: replies(createdAnswer) },
      config: { access: 'user' },
    },
    async (request) => {
      await readable(request, request.body.taskId);
      const id = await addComment(db, request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.delete(
    `${COMMENT}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Withdraw one of the caller’s comments', response: replies() },
      config: { access: 'user' },
    },
    async (request) => {
      await removeComment(db, me(request), request.params.id, (instanceId) => canReadInstance(db, request, instanceId));
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}
