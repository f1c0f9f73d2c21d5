import type { AreaTexts } from '../../../locales/index.ts';
import { FlowListPage } from '../../../components/flow-status/flow-list-page.tsx';
import { workflowTexts } from '../../../components/flow-status/texts.ts';

export const texts: AreaTexts = workflowTexts;

/** Copied to me (CC); each row opens its flow's detail. */
export default function FlowCirculatePage() {
  return <FlowListPage kind="circulate" />;
}
