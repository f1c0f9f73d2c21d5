export { BillRuleTemplateDialog } from './bill-rule-template-dialog.tsx';
export { BusinessTypeTree, BUSINESS_TYPE } from './business-type-tree.tsx';
