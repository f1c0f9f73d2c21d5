import { MESSAGE_TEMPLATE_CODES, MessageType, placeholdersOf, type TemplateParam } from '@atrium/shared';
import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { typeParams } from '../modules/message/template/data-types.ts';
import { MESSAGE_CATEGORY_TYPE } from '../modules/message/template/template-service.ts';

/**
 * The templates workflow (to-do, approved, rejected) and notice release render their messages
 * with. A template's category is an item of the messageCategory dictionary, found by code or name
 * and left empty when the dictionary lacks it, so this seed works whichever order the seeds run in.
 */
const TEMPLATES = [
  {
    code: MESSAGE_TEMPLATE_CODES.flowTodo,
    name: '流程待办通知',
    type: MessageType.flow,
    category: ['flow', '流程'],
    title: '【待办】{launchUser}提交的{flowTitle}',
    content:
      '您有一条待审批的流程：{flowTitle}\n流程名称：{flowName}\n发起人：{launchUser}\n当前节点：{nodeName}\n发送时间：{sendTime}',
  },
  {
    code: MESSAGE_TEMPLATE_CODES.flowApproved,
    name: '流程审批通过通知',
    type: MessageType.flow,
    category: ['flow', '流程'],
    title: '【审批通过】{flowTitle}',
    content: '您发起的{flowTitle}已审批通过。\n审批人：{handleUser}\n审批意见：{handleOpinion}\n处理时间：{sendTime}',
  },
  {
    code: MESSAGE_TEMPLATE_CODES.flowRejected,
    name: '流程驳回通知',
    type: MessageType.flow,
    category: ['flow', '流程'],
    title: '【驳回】{flowTitle}',
    content:
      '您发起的{flowTitle}在“{nodeName}”被驳回。\n处理人：{handleUser}\n驳回意见：{handleOpinion}\n处理时间：{sendTime}',
  },
  {
    code: MESSAGE_TEMPLATE_CODES.noticeRelease,
    name: '公告发布通知',
    type: MessageType.notice,
    category: ['notice', '公告'],
    title: '{title}',
    content: '{releaseUser}于{releaseTime}发布了公告：{title}\n{excerpt}',
  },
] as const;

export async function seedMessageTemplates(trx: Tx, now: number): Promise<void> {
  const items = await trx
    .selectFrom('dictionary_data')
    .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
    .select(['dictionary_data.id', 'dictionary_data.en_code', 'dictionary_data.full_name'])
    .where('dictionary_type.en_code', '=', MESSAGE_CATEGORY_TYPE)
    .execute();
  const categoryOf = (hints: readonly string[]) =>
    items.find((i) => hints.some((h) => i.en_code.toLowerCase() === h || i.full_name.includes(h)))?.id ?? '';
  for (const [i, tpl] of TEMPLATES.entries()) {
    // Declare exactly the type's parameters that the texts use, named as the type names them.
    const used = new Set(placeholdersOf(`${tpl.title}\n${tpl.content}`));
    const params: TemplateParam[] = typeParams(tpl.type, 'zh-CN').filter((p) => used.has(p.field));
    await trx
      .insertInto('message_template')
      .values({
        id: newId(now),
        full_name: tpl.name,
        en_code: tpl.code,
        category: categoryOf(tpl.category),
        message_type: tpl.type,
        channel: 1,
        title: tpl.title,
        content: tpl.content,
        template_json: JSON.stringify(params),
        description: null,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
        enabled: 1,
        sort_code: i,
      })
      .execute();
  }
}
