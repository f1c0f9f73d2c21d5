import { FlowStatus, type FlowNode } from '@atrium/shared/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/ids.ts';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { PURCHASE_NODES, PURCHASE_TEMPLATE_CODE } from './design.ts';

const en = { 'accept-language': 'en-US' };
const BASE = '/api/workflow/purchase';

interface Line {
  goodsName: string;
  spec?: string;
  unit?: string;
  quantity: number | string;
  price: number;
}

const form = (title: string, items: Line[]) => ({
  title,
  purchaseDate: 1_767_225_600_000,
  supplier: '办公用品商城',
  items: items.map((l) => ({ ...l, amount: Number(l.quantity) * l.price })),
  amount: items.reduce((sum, l) => sum + Number(l.quantity) * l.price, 0),
  remarks: '',
});

describe.each(dbTargets())('purchase demo on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let keeper: string;
  let manager: string;
  let templateId: string;
  let versionId: string;
  let serial = 0;

  /**
   * A purchase as the engine leaves it: submitted by `account`, with its status, and for a running
   * one the node it waits at. The engine's own tests cover how it gets there.
   */
  async function purchase(
    account: string,
    status: number,
    values: ReturnType<typeof form>,
    waitsAt?: { nodeId: string; type: string },
  ): Promise<string> {
    const db = server.database.db;
    const id = newId(server.clock.now);
    const at = server.clock.now + serial++;
    await db
      .insertInto('flow_instance')
      .values({
        id,
        template_id: templateId,
        version_id: versionId,
        bill_no: `CG${String(serial).padStart(4, '0')}`,
        title: `采购申请(${values.title})`,
        urgent: 1,
        status,
        status_before_suspend: null,
        initiator_id: await server.userIdOf(account),
        delegated_by: null,
        submitted_at: status === FlowStatus.draft ? null : at,
        finished_at: status === FlowStatus.adopt ? at : null,
        form_data: JSON.stringify(values),
        current_node_ids: waitsAt?.nodeId ?? '',
        current_node_names: waitsAt ? '入库办理' : '',
        completion: 0,
        choices: '{}',
        parent_instance_id: null,
        parent_node_instance_id: null,
        is_async: 0,
        return_to_node_id: null,
        last_record_at: null,
        version: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    if (waitsAt)
      await db
        .insertInto('flow_node_instance')
        .values({
          id: newId(at),
          instance_id: id,
          node_id: waitsAt.nodeId,
          node_type: waitsAt.type,
          name: waitsAt.type === 'handle' ? '入库办理' : '部门经理审批',
          round: 1,
          state: 'active',
          branch_scope: '',
          multi_mode: 0,
          pass_threshold: 1,
          total_count: 1,
          approved_count: 0,
          rejected_count: 0,
          property_snapshot: '{}',
          created_by_node_instance_id: null,
          due_at: null,
          entered_at: at,
          completed_at: null,
          version: 0,
        })
        .execute();
    return id;
  }

  const stockOf = async (name: string, spec = '') =>
    (
      await server.database.db
        .selectFrom('purchase_goods')
        .select('stock')
        .where('name', '=', name)
        .where('spec', '=', spec)
        .executeTakeFirst()
    )?.stock;
  const movesOf = (instanceId: string) =>
    server.database.db.selectFrom('purchase_stock_move').selectAll().where('instance_id', '=', instanceId).execute();
  const list = async (token: string, query = '') =>
    (await server.call('GET', `${BASE}/PurchaseList${query}`, { token })).json();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, staff, keeper, manager] = await server.logins(['admin', 'staff', 'xiedong', 'manager']);
    const template = await server.database.db
      .selectFrom('flow_template')
      .select(['id', 'current_version_id'])
      .where('en_code', '=', PURCHASE_TEMPLATE_CODE)
      .executeTakeFirstOrThrow();
    templateId = template.id;
    versionId = template.current_version_id!;
  });
  afterAll(() => server.close());

  it('S1-2.1-14 seeds the published template purchase bound to the 采购申请 form, and the warehouse menu', async () => {
    const db = server.database.db;
    const version = await db
      .selectFrom('flow_template_version')
      .selectAll()
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(version.state).toBe('published');
    const tree = JSON.parse(version.node_tree) as FlowNode;
    // start → manager → condition (amount > 10000: general manager) → handle → end.
    const manager1 = tree.childNode!;
    expect(manager1).toMatchObject({ type: 'approver', properties: { assigneeType: 1 } });
    const check = manager1.childNode!;
    expect(check.type).toBe('condition');
    const branches = (
      check as { conditionNodes: { when?: unknown; isDefault?: boolean; childNode: FlowNode | null }[] }
    ).conditionNodes;
    expect(branches[0]!.when).toMatchObject({ groups: [{ rules: [{ left: 'amount', op: '>', right: 10000 }] }] });
    expect(branches[0]!.childNode).toMatchObject({
      name: '总经理审批',
      properties: { members: { users: [await server.userIdOf('ceo')] } },
    });
    expect(branches[1]).toMatchObject({ isDefault: true, childNode: null });
    expect(check.childNode).toMatchObject({
      nodeId: PURCHASE_NODES.warehouse,
      type: 'handle',
      properties: { members: { users: [await server.userIdOf('xiedong')] } },
      childNode: null,
    });
    const snapshot = JSON.parse(version.form_snapshot!) as { fields: { __vModel__?: string }[] };
    expect(snapshot.fields.map((f) => f.__vModel__)).toEqual([
      'title',
      'purchaseDate',
      'supplier',
      'items',
      'amount',
      'remarks',
    ]);

    const menu = await db
      .selectFrom('menu')
      .selectAll()
      .where('en_code', '=', 'workFlow.purchaseHandle')
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({
      type: 2,
      url_address: 'workFlowPurchase/goodsInventory/handle',
      full_name: '仓库管理',
    });
    // The keeper holds it, plain staff do not.
    const keeperMenus = (await server.call('GET', '/api/oauth/CurrentUser', { token: keeper })).body;
    expect(keeperMenus).toContain('workFlow.purchaseHandle');
    const staffMenus = (await server.call('GET', '/api/oauth/CurrentUser', { token: staff })).body;
    expect(staffMenus).not.toContain('workFlow.purchaseHandle');
  });

  it('S1-2.1-14 lists a user his own purchases and the warehouse every one, with amount, status and receipt state', async () => {
    const own = await purchase(
      'staff',
      FlowStatus.wait,
      form('显示器', [{ goodsName: '显示器', spec: '27 寸', quantity: 2, price: 1500 }]),
      {
        nodeId: PURCHASE_NODES.deptManager,
        type: 'approver',
      },
    );
    const other = await purchase(
      'manager',
      FlowStatus.reject,
      form('服务器', [{ goodsName: '服务器', quantity: 1, price: 30000 }]),
    );
    await purchase('staff', FlowStatus.draft, form('草稿', [{ goodsName: '草稿', quantity: 1, price: 1 }]));

    const mine = await list(staff);
    expect(mine.code).toBe(200);
    expect(mine.data.list.map((p: { id: string }) => p.id)).toEqual([own]);
    expect(mine.data.list[0]).toMatchObject({
      id: own,
      flowId: versionId,
      title: '显示器',
      applicant: '李晓梅/staff',
      supplier: '办公用品商城',
      amount: 3000,
      status: FlowStatus.wait,
      received: false,
      receivable: false,
    });

    for (const token of [admin, keeper]) {
      const all = await list(token);
      const ids = all.data.list.map((p: { id: string }) => p.id);
      expect(ids).toEqual(expect.arrayContaining([own, other]));
      // Drafts are nobody's purchase yet.
      expect(all.data.list.some((p: { title: string }) => p.title === '草稿')).toBe(false);
    }
    const rejected = (await list(keeper, '?status=3')).data.list;
    expect(rejected.map((p: { id: string }) => p.id)).toEqual([other]);
    expect(rejected[0]).toMatchObject({ amount: 30000, applicant: '王建国/manager' });
    expect((await list(keeper, `?keyword=${encodeURIComponent('服务器')}`)).data.pagination.total).toBe(1);
    // Bad input names the field.
    const bad = (await server.call('GET', `${BASE}/PurchaseList?status=9`, { token: staff, headers: en })).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('status');
    expect((await server.call('GET', `${BASE}/PurchaseList`)).json().code).not.toBe(200);
    // manager is not the warehouse: his own only.
    expect((await list(manager)).data.list.map((p: { id: string }) => p.id)).toEqual([other]);
  });

  it('S1-2.1-15 receives an approved purchase once: goods made or topped up, one in-move per goods', async () => {
    const paperBefore = (await stockOf('A4 打印纸', '70g 500张/包'))!;
    const id = await purchase(
      'staff',
      FlowStatus.adopt,
      form('办公用品', [
        { goodsName: 'A4 打印纸', spec: '70g 500张/包', unit: '包', quantity: 10, price: 25 },
        { goodsName: '白板笔', spec: '红色', unit: '支', quantity: 5, price: 4 },
        { goodsName: 'A4 打印纸', spec: '70g 500张/包', unit: '包', quantity: 2, price: 25 },
        { goodsName: '', quantity: 0, price: 0 },
      ]),
    );
    const running = await purchase(
      'staff',
      FlowStatus.wait,
      form('未审批', [{ goodsName: '椅子', quantity: 1, price: 300 }]),
      {
        nodeId: PURCHASE_NODES.deptManager,
        type: 'approver',
      },
    );

    const receivable = (await list(keeper, '?receivable=1')).data.list.map((p: { id: string }) => p.id);
    expect(receivable).toContain(id);
    expect(receivable).not.toContain(running);

    // Staff may not receive; a running purchase cannot be received; an unknown one is 404.
    expect((await server.call('POST', `${BASE}/${id}/Actions/Receive`, { token: staff })).json().code).toBe(403);
    const early = (
      await server.call('POST', `${BASE}/${running}/Actions/Receive`, { token: keeper, headers: en })
    ).json();
    expect(early).toMatchObject({ code: 400, msg: 'This purchase is not approved yet and cannot be received' });
    expect((await server.call('POST', `${BASE}/nope/Actions/Receive`, { token: keeper })).json().code).toBe(404);

    const done = (await server.call('POST', `${BASE}/${id}/Actions/Receive`, { token: keeper })).json();
    expect(done).toMatchObject({ code: 200, msg: '入库成功', data: { lines: 2 } });
    expect(await stockOf('A4 打印纸', '70g 500张/包')).toBe(paperBefore + 12);
    expect(await stockOf('白板笔', '红色')).toBe(5);
    const moves = await movesOf(id);
    expect(moves.map((m) => [m.direction, m.quantity]).sort()).toEqual([
      ['in', 12],
      ['in', 5],
    ]);
    expect(moves[0]!.created_by).toBe(await server.userIdOf('xiedong'));

    const again = (await server.call('POST', `${BASE}/${id}/Actions/Receive`, { token: keeper, headers: en })).json();
    expect(again).toMatchObject({ code: 400, msg: 'This purchase has already been received' });
    expect(await stockOf('A4 打印纸', '70g 500张/包')).toBe(paperBefore + 12);
    expect(await movesOf(id)).toHaveLength(2);

    const row = (await list(staff)).data.list.find((p: { id: string }) => p.id === id);
    expect(row).toMatchObject({ received: true, receivable: false, status: FlowStatus.adopt });
    expect(row.receivedTime).toBe(server.clock.now);
    expect((await list(keeper, '?receivable=1')).data.list.map((p: { id: string }) => p.id)).not.toContain(id);

    const goods = (
      await server.call('GET', `${BASE}/Goods?keyword=${encodeURIComponent('白板笔')}`, { token: staff })
    ).json();
    expect(goods.data.list).toEqual([expect.objectContaining({ name: '白板笔', spec: '红色', unit: '支', stock: 5 })]);
  });

  it('S1-2.1-15 a purchase waiting at the handle node is receivable; a bad line refuses the whole receipt', async () => {
    const atHandle = await purchase(
      'manager',
      FlowStatus.wait,
      form('投影仪', [{ goodsName: '投影仪', quantity: 1, price: 12000 }]),
      {
        nodeId: PURCHASE_NODES.warehouse,
        type: 'handle',
      },
    );
    expect((await list(keeper, '?receivable=1')).data.list.map((p: { id: string }) => p.id)).toContain(atHandle);
    expect((await server.call('POST', `${BASE}/${atHandle}/Actions/Receive`, { token: admin })).json().code).toBe(200);
    expect(await stockOf('投影仪')).toBe(1);

    const broken = await purchase(
      'manager',
      FlowStatus.adopt,
      form('坏数据', [
        { goodsName: '订书机', quantity: 3, price: 20 },
        { goodsName: '回形针', quantity: 1.5, price: 2 },
      ]),
    );
    const refused = (
      await server.call('POST', `${BASE}/${broken}/Actions/Receive`, { token: keeper, headers: en })
    ).json();
    expect(refused).toMatchObject({ code: 400, msg: 'The quantity of goods line 2 is not valid' });
    expect(await stockOf('订书机')).toBeUndefined();
    expect(await movesOf(broken)).toHaveLength(0);
  });

  it('S1-2.1-15 two receipts of one purchase at once add the goods once', async () => {
    const id = await purchase(
      'staff',
      FlowStatus.adopt,
      form('并发', [
        { goodsName: '墨盒', spec: 'HP 803', quantity: 4, price: 120 },
        { goodsName: '硒鼓', spec: 'HP 88A', quantity: 2, price: 300 },
      ]),
    );
    const answers = await Promise.all([
      server.call('POST', `${BASE}/${id}/Actions/Receive`, { token: keeper }),
      server.call('POST', `${BASE}/${id}/Actions/Receive`, { token: admin }),
    ]);
    expect(answers.map((a) => a.json().code).sort()).toEqual([200, 400]);
    expect(await stockOf('墨盒', 'HP 803')).toBe(4);
    expect(await stockOf('硒鼓', 'HP 88A')).toBe(2);
    expect(await movesOf(id)).toHaveLength(2);
  });

  it('S1-2.1-16 registers an outbound: the stock falls, the record lists; bad input and staff are refused', async () => {
    const goods = (
      await server.call('GET', `${BASE}/Goods?keyword=${encodeURIComponent('中性笔')}`, { token: staff })
    ).json().data.list[0] as { id: string; stock: number };
    expect(goods.stock).toBe(120);

    const cases: [unknown, string][] = [
      [{ goodsId: goods.id, quantity: 0, receiver: '周雅' }, 'quantity'],
      [{ goodsId: goods.id, quantity: 1.5, receiver: '周雅' }, 'quantity'],
      [{ goodsId: goods.id, quantity: 1 }, 'receiver'],
      [{ goodsId: 'missing', quantity: 1, receiver: '周雅' }, 'goodsId'],
    ];
    for (const [body, field] of cases) {
      const answer = (await server.call('POST', `${BASE}/Outbound`, { token: keeper, body, headers: en })).json();
      expect(answer.code, field).toBe(400);
      expect(answer.msg, field).toContain(field);
    }
    const denied = await server.call('POST', `${BASE}/Outbound`, {
      token: staff,
      body: { goodsId: goods.id, quantity: 1, receiver: '周雅' },
    });
    expect(denied.json().code).toBe(403);
    expect(await stockOf('中性笔', '0.5mm 黑色')).toBe(120);

    const saved = (
      await server.call('POST', `${BASE}/Outbound`, {
        token: keeper,
        body: { goodsId: goods.id, quantity: 20, receiver: '周雅', reason: '新员工入职' },
      })
    ).json();
    expect(saved).toMatchObject({ code: 200, msg: '出库成功', data: { stock: 100 } });
    expect(await stockOf('中性笔', '0.5mm 黑色')).toBe(100);

    const records = (await server.call('GET', `${BASE}/Outbound`, { token: staff })).json();
    expect(records.data.list[0]).toMatchObject({
      id: saved.data.id,
      goodsName: '中性笔',
      spec: '0.5mm 黑色',
      unit: '支',
      quantity: 20,
      receiver: '周雅',
      reason: '新员工入职',
      creatorUser: '谢东/xiedong',
    });
    const short = (
      await server.call('POST', `${BASE}/Outbound`, {
        token: keeper,
        body: { goodsId: goods.id, quantity: 101, receiver: '周雅' },
        headers: en,
      })
    ).json();
    expect(short).toMatchObject({
      code: 400,
      msg: 'Not enough stock: 中性笔（0.5mm 黑色） has 100, 101 cannot be taken out',
    });
    expect(await stockOf('中性笔', '0.5mm 黑色')).toBe(100);
  });

  it('S1-2.1-16 two outbounds at once that together exceed the stock: exactly one passes', async () => {
    const goods = (
      await server.call('GET', `${BASE}/Goods?keyword=${encodeURIComponent('文件夹')}`, { token: staff })
    ).json().data.list[0] as { id: string; stock: number };
    expect(goods.stock).toBe(30);
    const body = { goodsId: goods.id, quantity: 20, receiver: '邹敏' };
    const answers = (
      await Promise.all([
        server.call('POST', `${BASE}/Outbound`, { token: keeper, body, headers: en }),
        server.call('POST', `${BASE}/Outbound`, { token: admin, body, headers: en }),
      ])
    ).map((a) => a.json());
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.code === 400)!.msg).toBe(
      'Not enough stock: 文件夹（A4 双夹） has 10, 20 cannot be taken out',
    );
    expect(await stockOf('文件夹', 'A4 双夹')).toBe(10);
    const outs = await server.database.db
      .selectFrom('purchase_stock_move')
      .select('quantity')
      .where('goods_id', '=', goods.id)
      .where('direction', '=', 'out')
      .execute();
    expect(outs).toEqual([{ quantity: 20 }]);
  });
});
