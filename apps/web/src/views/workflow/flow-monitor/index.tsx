import type { AreaTexts } from '../../../locales/index.ts';
import { FlowListPage } from '../../../components/flow-status/flow-list-page.tsx';
import { workflowTexts } from '../../../components/flow-status/texts.ts';

export const texts: AreaTexts = workflowTexts;

/** The monitor (administrators): every instance; each row opens its flow's detail. */
export default function FlowMonitorPage() {
  return <FlowListPage kind="monitor" />;
}
