import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of the bill rules, registered with core/messages.ts by its routes plugin. */
export const billRuleMessages = {
  billRuleMissing: {
    'zh-CN': '单据规则“{code}”不存在',
    'zh-TW': '單據規則「{code}」不存在',
    'en-US': 'There is no bill rule "{code}"',
  },
  billRuleDisabled: {
    'zh-CN': '单据规则“{code}”已禁用，不能取号',
    'zh-TW': '單據規則「{code}」已停用，不能取號',
    'en-US': 'The bill rule "{code}" is disabled and issues no numbers',
  },
  billRuleIssuedFormat: {
    'zh-CN': '该规则已发放过单据号，不能再修改（可新建一条规则）',
    'zh-TW': '該規則已發放過單據號，不能再修改（可新建一條規則）',
    'en-US': 'cannot change once the rule has issued numbers (create a new rule instead)',
  },
  billRuleIssuedDelete: {
    'zh-CN': '该规则已发放过单据号，不能删除，可将其禁用',
    'zh-TW': '該規則已發放過單據號，不能刪除，可將其停用',
    'en-US': 'This rule has issued numbers and cannot be deleted; disable it instead',
  },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    billRule: typeof billRuleMessages;
  }
}
