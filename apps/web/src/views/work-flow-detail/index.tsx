import { FlowOpType } from '@atrium/shared/workflow';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { decodeFlowDetailConfig } from '../../components/flow-status/detail-link.ts';
import { workflowTexts } from '../../components/flow-status/texts.ts';
import { usePageContext } from '../../keep-alive/page-context.ts';
import type { AreaTexts } from '../../locales/index.ts';
import { FlowView } from './flow-view.tsx';
import { LaunchView } from './launch-view.tsx';

export const texts: AreaTexts = workflowTexts;

/**
 * `/workFlowDetail?config=` (S1-2.1-12): the flow the config names (base64 of its JSON, as the
 * launch centre, the lists and flow messages build it), in the view its opType stands for. A link
 * that carries a token of its own has been dealt with by the guard before this page renders.
 */
export default function WorkFlowDetailPage() {
  const { t } = useTranslation();
  // The page's own query string, frozen: a kept page must not follow another page's location.
  const { search } = usePageContext();
  const config = decodeFlowDetailConfig(new URLSearchParams(search).get('config'));
  if (!config)
    return (
      <Result
        status="warning"
        title={t('workflow.detail.badConfig')}
        subTitle={t('workflow.detail.badConfigHint')}
        data-testid="flow-detail-bad-config"
      />
    );
  // A new config is a new flow: remount rather than carry one flow's state into another.
  const key = `${config.opType}:${config.id ?? ''}:${config.flowId}:${config.taskOperatorId ?? ''}`;
  return config.opType === FlowOpType.launch ? (
    <LaunchView key={key} config={config} />
  ) : (
    <FlowView key={key} config={config} />
  );
}
