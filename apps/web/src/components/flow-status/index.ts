/**
 * What the workflow screens share: status, urgency and record tags, the `/workFlowDetail` link of a
 * flow, the detail config of a list row and the follow-up of every flow action (the flow menus' list
 * page is flow-list-page.tsx, imported directly). Their texts are the
 * `workflow` area (texts.ts), which the screens load before they render.
 */
export { FlowStatusTag, UrgencyTag, HandleStatusTag } from './flow-status.tsx';
export { flowStatusKey, urgencyDisplay, handleStatusKey } from './status.ts';
export { flowDetailLink, decodeFlowDetailConfig } from './detail-link.ts';
export { workflowTexts } from './texts.ts';
export { runFlowAction, confirmFlowAction, WORKFLOW_QUERY_KEY } from './flow-action.ts';
export { detailConfigOf, type FlowListKind } from './list-kinds.ts';
