import type { FlowTaskNode } from '@atrium/shared/workflow';
import { Empty, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleStatusKey } from '../../components/flow-status/status.ts';

const STEP_STATUS = { past: 'finish', current: 'process', future: 'wait' } as const;

/** The flow's route: the nodes passed, the current ones and those ahead, each with its handlers. */
export function RouteSteps({ nodes }: { nodes: readonly FlowTaskNode[] }) {
  const { t } = useTranslation();
  if (!nodes.length) return <Empty description={t('admin.empty')} />;
  return (
    <Steps
      orientation="vertical"
      size="small"
      data-testid="flow-route"
      items={nodes.map((node) => {
        const handlers = node.handlers?.length
          ? node.handlers
              .map((h) => {
                const key = handleStatusKey(h.handleStatus);
                return key ? `${h.userName} (${t(key)})` : h.userName;
              })
              .join('、')
          : node.userName;
        return {
          key: node.nodeId,
          status: STEP_STATUS[node.type] ?? 'wait',
          title: node.nodeType === 'end' ? t('workflow.detail.end') : node.nodeName,
          content: handlers || undefined,
        };
      })}
    />
  );
}
