import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeOption } from '../../api/workflow.ts';
import { UserPickField } from '../../components/flow-status/user-pick-field.tsx';
import type { PickedItem } from '../../components/pickers/picker-values.ts';

/**
 * The handlers of next nodes that found nobody (their policy lets the submitter name them): one
 * people picker per node; confirming answers `errorRuleUserList` (node id -> user ids).
 */
export function HandlersDialog(props: {
  nodes: readonly FlowNodeOption[];
  busy: boolean;
  onConfirm: (errorRuleUserList: Record<string, string[]>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Record<string, PickedItem[]>>({});
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={t('workflow.launch.handlersTitle')}
      onCancel={props.onCancel}
      confirmLoading={props.busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => {
        if (props.nodes.some((n) => !picked[n.nodeId]?.length)) {
          setError(t('workflow.candidates.pickUsers'));
          return;
        }
        props.onConfirm(Object.fromEntries(props.nodes.map((n) => [n.nodeId, picked[n.nodeId]!.map((u) => u.id)])));
      }}
      destroyOnHidden
      data-testid="flow-handlers-dialog"
    >
      <p>{t('workflow.launch.handlersHint')}</p>
      <Form layout="vertical">
        {props.nodes.map((node) => (
          <Form.Item key={node.nodeId} label={node.nodeName || node.nodeId} required>
            <UserPickField
              multiple
              value={picked[node.nodeId] ?? []}
              onChange={(items) => {
                setError(null);
                setPicked((current) => ({ ...current, [node.nodeId]: items }));
              }}
              label={node.nodeName || node.nodeId}
              testId={`flow-handlers-${node.nodeId}`}
            />
          </Form.Item>
        ))}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
