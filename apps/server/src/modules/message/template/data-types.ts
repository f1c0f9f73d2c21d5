import { MessageType, type TemplateParam } from '@atrium/shared';
import type { Language } from '../../../core/messages.ts';

type Named = Record<Language, string>;

/**
 * The values each kind of message supplies when it is rendered, i.e. what a template of that type
 * may use as `{field}`: workflow fills the flow fields, notice release the notice fields.
 */
const TYPE_PARAMS: Record<number, [string, Named][]> = {
  [MessageType.notice]: [
    ['title', { 'zh-CN': '公告标题', 'zh-TW': '公告標題', 'en-US': 'Notice title' }],
    ['excerpt', { 'zh-CN': '公告摘要', 'zh-TW': '公告摘要', 'en-US': 'Notice excerpt' }],
    ['releaseUser', { 'zh-CN': '发布人', 'zh-TW': '發布人', 'en-US': 'Released by' }],
    ['releaseTime', { 'zh-CN': '发布时间', 'zh-TW': '發布時間', 'en-US': 'Release time' }],
  ],
  [MessageType.flow]: [
    ['flowName', { 'zh-CN': '流程名称', 'zh-TW': '流程名稱', 'en-US': 'Flow name' }],
    ['flowTitle', { 'zh-CN': '流程标题', 'zh-TW': '流程標題', 'en-US': 'Flow title' }],
    ['launchUser', { 'zh-CN': '发起人', 'zh-TW': '發起人', 'en-US': 'Started by' }],
    ['launchTime', { 'zh-CN': '发起时间', 'zh-TW': '發起時間', 'en-US': 'Start time' }],
    ['nodeName', { 'zh-CN': '节点名称', 'zh-TW': '節點名稱', 'en-US': 'Step' }],
    ['handleUser', { 'zh-CN': '处理人', 'zh-TW': '處理人', 'en-US': 'Handled by' }],
    ['handleOpinion', { 'zh-CN': '审批意见', 'zh-TW': '審批意見', 'en-US': 'Comment' }],
    ['sendTime', { 'zh-CN': '发送时间', 'zh-TW': '發送時間', 'en-US': 'Sent at' }],
  ],
  [MessageType.system]: [
    ['userName', { 'zh-CN': '接收人', 'zh-TW': '接收人', 'en-US': 'Recipient' }],
    ['title', { 'zh-CN': '标题', 'zh-TW': '標題', 'en-US': 'Title' }],
    ['content', { 'zh-CN': '内容', 'zh-TW': '內容', 'en-US': 'Content' }],
    ['sendTime', { 'zh-CN': '发送时间', 'zh-TW': '發送時間', 'en-US': 'Sent at' }],
  ],
};

/** The parameters a message type offers, named in the caller's language. */
export function typeParams(type: number, language: Language): TemplateParam[] {
  return (TYPE_PARAMS[type] ?? []).map(([field, names]) => ({ field, fieldName: names[language] }));
}
