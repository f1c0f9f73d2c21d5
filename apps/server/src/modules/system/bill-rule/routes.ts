import type { FastifyRequest } from 'fastify';
import { signedIn } from '../../../core/access.ts';
import { ok } from '../../../core/http.ts';
import type { App, Services } from '../../../core/types.ts';
import type { Translate } from '../../organize/common.ts';
import { issueBillNumber } from './bill-number-service.ts';
import {
  billRuleInfo,
  billRuleTemplates,
  createBillRule,
  exportBillRule,
  listBillRules,
  removeBillRule,
  toggleBillRule,
  updateBillRule,
} from './bill-rule-service.ts';
import {
  billRuleBody,
  billRuleListQuery,
  billRuleUpdateBody,
  enCodeParams,
  idParams,
  billRuleAnswer,
  billRuleSelectorAnswer,
  billRuleBillNumberAnswer,
  billRulePostAnswer,
  billRuleActionsStatePutAnswer,
} from './schema.ts';
import { registerMessages } from '../../../core/messages.ts';
import { billRuleMessages } from './messages.ts';
import { fileReply, replies } from '../../../core/response-schema.ts';
import { billRuleInfoSchema } from '../../../core/response-schema-wire.ts';

const tags = ['system'];
const BASE = '/api/system/BillRule';
const MENU = 'basic.billRule';

/**
 * Bill rules: how business numbers are made. Managing them needs the menu and
 * its buttons; the template dialog and number issuing serve every staff member's forms.
 */
export async function billRuleRoutes(app: App, { db, dialect, now }: Services) {
  registerMessages(billRuleMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });
  const translator = (request: FastifyRequest): Translate => request.t.bind(request);

  app.get(
    BASE,
    {
      schema: {
        querystring: billRuleListQuery,
        tags,
        summary: 'Bill rules, paged, by keyword and category',
        response: replies(billRuleAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await listBillRules(db, dialect, request.query, now())),
  );

  app.get(
    `${BASE}/Selector`,
    {
      schema: {
        querystring: billRuleListQuery,
        tags,
        summary: 'Business number templates (enabled rules): fullName, enCode, startNumber',
        response: replies(billRuleSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await billRuleTemplates(db, dialect, request.query)),
  );

  app.get(
    `${BASE}/BillNumber/:enCode`,
    {
      schema: {
        params: enCodeParams,
        tags,
        summary: 'Issues the next number of the rule with this code',
        response: replies(billRuleBillNumberAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await issueBillNumber(db, request.params.enCode, now())),
  );

  app.post(
    BASE,
    {
      schema: { body: billRuleBody, tags, summary: 'Create a bill rule', response: replies(billRulePostAnswer) },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'billRule', table: 'bill_rule', action: 'create' },
      },
    },
    async (request) => ok({ id: await createBillRule(db, request.body, actor(request)) }, request.t('createSuccess')),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'One bill rule, with the version PUT sends back',
        response: replies(billRuleInfoSchema),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await billRuleInfo(db, request.params.id, now())),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: billRuleUpdateBody,
        tags,
        summary: 'Save a bill rule (with version); what makes up its numbers is fixed once it has issued one',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'billRule', table: 'bill_rule', action: 'update' },
      },
    },
    async (request) => {
      await updateBillRule(db, translator(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a bill rule that has issued no number', response: replies() },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'billRule', table: 'bill_rule', action: 'delete' },
      },
    },
    async (request) => {
      await removeBillRule(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    `${BASE}/:id/Actions/State`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Enable or disable a bill rule',
        response: replies(billRuleActionsStatePutAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'billRule', table: 'bill_rule', action: 'other' },
      },
    },
    async (request) => {
      const enabledMark = await toggleBillRule(db, request.params.id, actor(request));
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );

  app.get(
    `${BASE}/:id/Action/Export`,
    {
      schema: {
        params: idParams,
        tags,
        summary: "The rule's definition as a JSON file",
        response: fileReply('the definition', 'application/octet-stream'),
      },
      config: { access: { permission: `${MENU}:btn_download` } },
    },
    async (request, reply) => {
      const rule = await exportBillRule(db, request.params.id);
      const fileName = `${rule.fullName}.json`;
      return reply
        .type('application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="bill-rule.json"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(JSON.stringify(rule, null, 2));
    },
  );
}
