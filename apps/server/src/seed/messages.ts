import { newId } from '../core/ids.ts';
import { escapeChatText } from '../modules/message/chat-service.ts';
import { excerptOf } from '../modules/message/notice-service.ts';
import { insertReceiveRows } from '../modules/message/pushes.ts';
import type { Tx } from '../db/tx.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Two released notices for manager and staff (the browser scenarios use other accounts). */
const NOTICES = [
  {
    title: '关于年度体检安排的通知',
    category: '通知',
    urgent: 2,
    body:
      '<p>各位同事：</p><p>公司年度体检定于<strong>下月第一周</strong>进行，请于本周五前在行政部登记可参加的日期。</p>' +
      '<p>体检前一天晚上十点后请勿进食。</p>',
    ageMs: 26 * HOUR,
  },
  {
    title: '研发中心周例会改期',
    category: '公告',
    urgent: 1,
    body: '<p>本周研发中心例会改至<em>周四下午三点</em>，地点不变（三楼大会议室）。</p>',
    ageMs: 3 * HOUR,
  },
];

/** Notice templates the notice editor offers from the start: a holiday and a meeting notice. */
const OA_TEMPLATES = [
  {
    name: '放假通知',
    body:
      '<p>各位同事：</p><p>根据国家法定节假日安排，公司将于<strong>X月X日至X月X日</strong>放假，共X天，X月X日正常上班。</p>' +
      '<p>放假前请关好门窗、切断电源，值班安排另行通知。</p>',
  },
  {
    name: '会议通知',
    body:
      '<p>各位同事：</p><p>定于<strong>X月X日（周X）下午X点</strong>在X会议室召开X会议，请准时参加。</p>' +
      '<p>议题：</p><ol><li>X</li><li>X</li></ol><p>如不能参加，请提前向会议组织人请假。</p>',
  },
];

/** A short chat between manager and staff, oldest first: [from manager?, text, minutes ago]. */
const CHAT: [boolean, string, number][] = [
  [true, '晓梅，登录页的改版进展如何？', 95],
  [false, '基本完成了，还差多语言的文案。', 92],
  [true, '好的，周四例会上给大家演示一下 [101]', 90],
  [false, '没问题！', 88],
];

/** Demo notices, notice templates and chat history between the demo accounts manager and staff. */
export async function seedMessages(trx: Tx, now: number): Promise<void> {
  const users = await trx
    .selectFrom('users')
    .select(['id', 'account'])
    .where('account', 'in', ['admin', 'manager', 'staff'])
    .execute();
  const idOf = (account: string) => users.find((u) => u.account === account)?.id;
  const admin = idOf('admin');
  const manager = idOf('manager');
  const staff = idOf('staff');
  if (!admin || !manager || !staff) return;

  for (const notice of NOTICES) {
    const time = now - notice.ageMs;
    const id = newId(time);
    await trx
      .insertInto('message')
      .values({
        id,
        title: notice.title,
        type: 1,
        state: 1,
        category: notice.category,
        urgent: notice.urgent,
        body_text: notice.body,
        excerpt: excerptOf(notice.body),
        files: '[]',
        recipients: JSON.stringify([`${manager}--user`, `${staff}--user`]),
        expire_time: null,
        flow_type: null,
        release_time: time,
        release_user_id: admin,
        created_at: time,
        created_by: admin,
        updated_at: null,
        updated_by: null,
        version: 1,
      })
      .execute();
    await insertReceiveRows(trx, id, [manager, staff], time);
  }

  for (const [i, template] of OA_TEMPLATES.entries()) {
    const time = now - (OA_TEMPLATES.length - i) * HOUR;
    await trx
      .insertInto('oa_template')
      .values({
        id: newId(time),
        full_name: template.name,
        content: template.body,
        excerpt: excerptOf(template.body),
        created_at: time,
        created_by: admin,
      })
      .execute();
  }

  for (const [i, [fromManager, text, minutesAgo]] of CHAT.entries()) {
    const time = now - minutesAgo * MINUTE;
    const content = escapeChatText(text);
    // The last message (staff's) is still unread by manager.
    const read = i < CHAT.length - 1;
    await trx
      .insertInto('im_content')
      .values({
        id: newId(time),
        send_user_id: fromManager ? manager : staff,
        receive_user_id: fromManager ? staff : manager,
        send_time: time,
        receive_time: read ? time + MINUTE : null,
        content,
        content_type: 'text',
        state: read ? 1 : 0,
        send_deleted: 0,
        receive_deleted: 0,
      })
      .execute();
  }
  const [, lastText, lastAgo] = CHAT[CHAT.length - 1]!;
  for (const [user, other] of [
    [manager, staff],
    [staff, manager],
  ] as const) {
    await trx
      .insertInto('im_reply')
      .values({
        user_id: user,
        other_user_id: other,
        latest_message: escapeChatText(lastText),
        latest_type: 'text',
        latest_time: now - lastAgo * MINUTE,
        hidden: 0,
      })
      .execute();
  }
}
