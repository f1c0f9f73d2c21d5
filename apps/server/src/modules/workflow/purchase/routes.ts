import { signedIn } from '../../../core/access.ts';
import { ok } from '../../../core/http.ts';
import { registerMessages } from '../../../core/messages.ts';
import { replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { holdsMonitor } from '../runtime/instance-access.ts';
import { purchaseMessages } from './messages.ts';
import {
  goodsListQuery,
  goodsPage,
  outboundAnswer,
  outboundBody,
  outboundListQuery,
  outboundPage,
  purchaseListQuery,
  purchasePage,
  receiveAnswer,
  receiveParams,
} from './schema.ts';
import {
  listGoods,
  listOutbound,
  listPurchases,
  PURCHASE_HANDLE_MENU,
  receivePurchase,
  registerOutbound,
} from './service.ts';

const tags = ['workflow'];
const handler = {
  access: { permission: PURCHASE_HANDLE_MENU },
  // Warehouse work, not administration: every movement is itself a row of the stock ledger
  // (purchase_stock_move) with who made it and when.
  audit: { exempt: 'a stock movement, kept with its author and time in the stock ledger' },
} as const;

/**
 * The purchase demo (docs/workflow.md, "Purchase demo") under `/api/workflow/purchase`: staff read
 * their own purchases, the stock and the outbound records; holders of the warehouse menu read every
 * purchase, receive approved ones and register outbounds.
 */
export async function purchaseRoutes(app: App, services: Services) {
  const { db, dialect, now, authority } = services;
  registerMessages(purchaseMessages);

  app.get(
    '/api/workflow/purchase/PurchaseList',
    {
      schema: {
        querystring: purchaseListQuery,
        response: replies(purchasePage),
        tags,
        summary: 'Purchases: the caller’s own, or every one for the warehouse and the monitor',
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { session, authority: caller } = signedIn(request);
      const all = authority.allows(caller, PURCHASE_HANDLE_MENU) || holdsMonitor(request);
      return ok(await listPurchases(db, dialect, request.query, { userId: session.userId, all }));
    },
  );

  app.post(
    '/api/workflow/purchase/:id/Actions/Receive',
    {
      schema: {
        params: receiveParams,
        response: replies(receiveAnswer),
        tags,
        summary: 'Receive every goods line of an approved purchase into stock, once',
      },
      config: handler,
    },
    async (request) => {
      const lines = await receivePurchase(db, request.params.id, {
        userId: signedIn(request).session.userId,
        now: now(),
      });
      return ok({ lines }, request.t('purchaseReceived'));
    },
  );

  app.get(
    '/api/workflow/purchase/Goods',
    {
      schema: { querystring: goodsListQuery, response: replies(goodsPage), tags, summary: 'Goods and their stock' },
      config: { access: 'user' },
    },
    async (request) => ok(await listGoods(db, dialect, request.query)),
  );

  app.get(
    '/api/workflow/purchase/Outbound',
    {
      schema: {
        querystring: outboundListQuery,
        response: replies(outboundPage),
        tags,
        summary: 'Outbound records, newest first',
      },
      config: { access: 'user' },
    },
    async (request) => ok(await listOutbound(db, dialect, request.query)),
  );

  app.post(
    '/api/workflow/purchase/Outbound',
    {
      schema: {
        body: outboundBody,
        response: replies(outboundAnswer),
        tags,
        summary: 'Hand goods out; refused when the stock does not cover the quantity',
      },
      config: handler,
    },
    async (request) => {
      const answer = await registerOutbound(db, request.body, {
        userId: signedIn(request).session.userId,
        now: now(),
      });
      return ok(answer, request.t('purchaseOutSaved'));
    },
  );
}
