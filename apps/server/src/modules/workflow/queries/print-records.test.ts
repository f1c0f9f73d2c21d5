import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HandleStatus } from '@atrium/shared/workflow';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { insertInstance, insertOperator, insertRecord } from './testing.ts';

const PRINT = '/api/system/printDev';

describe.each(dbTargets())('a flow instance printed through a print template on $name', (target) => {
  let server: TestServer;
  let tokens: Record<'admin' | 'staff' | 'manager' | 'finance', string>;
  let instanceId: string;
  let templateId: string;

  const data = (token: string) =>
    server.call('GET', `${PRINT}/Data?id=${templateId}&formId=${instanceId}`, { token }).then((r) => r.json());

  beforeAll(async () => {
    server = await createTestServer(target);
    const [admin, staff, manager, finance] = await server.logins(['admin', 'staff', 'manager', 'finance']);
    tokens = { admin: admin!, staff: staff!, manager: manager!, finance: finance! };
    const db = server.database.db;
    const leave = await db
      .selectFrom('flow_template')
      .select(['id', 'current_version_id'])
      .where('en_code', '=', 'leave')
      .executeTakeFirstOrThrow();
    const t0 = 1_700_000_000_000;
    instanceId = await insertInstance(db, {
      template_id: leave.id,
      version_id: leave.current_version_id!,
      initiator_id: await server.userIdOf('staff'),
      title: '李晓梅的请假申请',
      bill_no: 'QJ100',
      status: 2,
      created_at: t0,
    });
    const staffId = await server.userIdOf('staff');
    const managerId = await server.userIdOf('manager');
    await insertRecord(db, {
      instance_id: instanceId,
      handler_id: staffId,
      handle_status: HandleStatus.initiated,
      node_name: '发起',
      created_at: t0,
    });
    await insertOperator(db, { instance_id: instanceId, assignee_id: managerId, state: 'done', handle_status: 1 });
    await insertRecord(db, {
      instance_id: instanceId,
      handler_id: managerId,
      handle_status: HandleStatus.approved,
      node_name: '直属主管审批',
      opinion: '同意',
      operator_id: 'op1',
      created_at: t0 + 60_000,
    });
    const created = await server
      .call('POST', PRINT, {
        token: tokens.admin,
        body: {
          fullName: '请假单打印',
          enCode: 'leavePrint',
          category: 'hr',
          type: 1,
          sqlTemplate: 'select bill_no as "billNo", title as "title" from flow_instance where id = @formId',
          printTemplate: '<p>{billNo} {title}</p><div>{systemApprovalContent}</div>',
          pageParam: {
            paper: 'A4',
            orientation: 'portrait',
            marginTop: 10,
            marginRight: 10,
            marginBottom: 10,
            marginLeft: 10,
          },
          sortCode: 1,
          description: '',
        },
      })
      .then((r) => r.json());
    expect(created.code, created.msg).toBe(200);
    templateId = (
      await db.selectFrom('print_template').select('id').where('en_code', '=', 'leavePrint').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('S2-2-29 answers the instance’s data and its approval records to its initiator and approvers', async () => {
    for (const token of [tokens.staff, tokens.manager]) {
      const answer = await data(token);
      expect(answer.code, answer.msg).toBe(200);
      expect(answer.data.printData).toMatchObject({ billNo: 'QJ100', title: '李晓梅的请假申请' });
      expect(answer.data.operatorRecordList).toEqual([
        {
          nodeName: '发起',
          userName: '李晓梅/staff',
          handleTime: 1_700_000_000_000,
          handleStatus: HandleStatus.initiated,
          handleOpinion: null,
        },
        {
          nodeName: '直属主管审批',
          userName: '王建国/manager',
          handleTime: 1_700_000_060_000,
          handleStatus: HandleStatus.approved,
          handleOpinion: '同意',
        },
      ]);
    }
  });

  it('answers 404 to someone who takes no part in the instance', async () => {
    expect((await data(tokens.finance)).code).toBe(404);
  });
});
