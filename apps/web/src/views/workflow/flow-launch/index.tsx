import type { AreaTexts } from '../../../locales/index.ts';
import { FlowListPage } from '../../../components/flow-status/flow-list-page.tsx';
import { workflowTexts } from '../../../components/flow-status/texts.ts';

export const texts: AreaTexts = workflowTexts;

/** My applications; each row opens its flow's detail. */
export default function FlowLaunchPage() {
  return <FlowListPage kind="launch" />;
}
