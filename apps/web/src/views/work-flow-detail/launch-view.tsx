import type { FlowCandidatesAnswer, FlowDetailConfig, FlowNode, FlowStartBody } from '@atrium/shared/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Result, Select, Space, Spin, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import {
  getCandidates,
  getFlowTask,
  getFlowTemplate,
  getLaunchDelegators,
  startFlow,
  updateFlow,
  type FlowNodeOption,
} from '../../api/workflow.ts';
import { runFlowAction } from '../../components/flow-status/index.ts';
import { CandidateDialog, needsPicks, type CandidatePicks } from './candidates.tsx';
import { FlowFormView, useFlowForm } from './flow-form.tsx';
import { parseFormJson } from './form-operates.ts';
import { HandlersDialog } from './handlers-dialog.tsx';
import { useLeave } from './use-leave.ts';
import styles from './work-flow-detail.module.css';

const parseValues = (
  value: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined => {
  if (!value) return undefined;
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** Nodes the server says need handlers picked first (the start answer's `data` when nothing was created). */
export function pendingNodes(data: unknown): FlowNodeOption[] {
  if (!Array.isArray(data)) return [];
  return data
    .map((n: unknown) =>
      typeof n === 'string'
        ? { nodeId: n, nodeName: n }
        : {
            nodeId: String((n as FlowNodeOption).nodeId ?? ''),
            nodeName: String((n as FlowNodeOption).nodeName ?? ''),
          },
    )
    .filter((n) => n.nodeId);
}

/** What a submit carries besides the form: the picks of branches, candidates and empty nodes' handlers. */
type SubmitExtras = CandidatePicks & Pick<FlowStartBody, 'errorRuleUserList'>;

/**
 * A new launch (opType -1), or a draft of mine opened again (`id` set): the template's form,
 * editable as its start node says, with the urgency. Submitting first asks which next nodes need a
 * branch or candidates and shows their picker; saving keeps a draft.
 */
export function LaunchView({ config }: { config: FlowDetailConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const leave = useLeave();
  const template = useQuery({
    queryKey: ['workflow', 'template', config.flowId],
    queryFn: () => getFlowTemplate(config.flowId),
  });
  const draft = useQuery({
    queryKey: ['workflow', 'draft', config.id],
    queryFn: () => getFlowTask(config.id!),
    enabled: !!config.id,
  });
  const [urgency, setUrgency] = useState<number | null>(null);
  // Launching for someone who delegated his launching to the caller (a new launch only: a draft keeps its initiator).
  const delegators = useQuery({
    queryKey: ['workflow', 'launchDelegators', config.flowId],
    queryFn: () => getLaunchDelegators(config.flowId),
    enabled: !config.id,
  });
  const [onBehalf, setOnBehalf] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ answer: FlowCandidatesAnswer; formData: Record<string, unknown> } | null>(
    null,
  );
  const [handlersFor, setHandlersFor] = useState<{
    nodes: FlowNodeOption[];
    formData: Record<string, unknown>;
    extras: SubmitExtras;
  } | null>(null);

  const design = useMemo(() => parseFormJson(template.data?.formData), [template.data]);
  const operates = useMemo(() => {
    const start = template.data?.nodeTree as FlowNode | undefined;
    return start?.type === 'start' ? start.properties.formOperates : undefined;
  }, [template.data]);
  const values = useMemo(() => parseValues(draft.data?.formData), [draft.data]);
  const flowForm = useFlowForm(design, values, operates, { editable: true, launching: true });
  const flowUrgent = urgency ?? draft.data?.flowUrgent ?? 1;

  const send = async (formData: Record<string, unknown>, status: 0 | 1, extras: SubmitExtras = {}) => {
    const body: FlowStartBody = { id: config.id, flowId: config.flowId, formData, status, flowUrgent, ...extras };
    if (!config.id && onBehalf) body.delegateUserList = [onBehalf];
    setBusy(true);
    try {
      const res = config.id ? await updateFlow(config.id, body) : await startFlow(body);
      const needed = pendingNodes(res.data);
      if (needed.length) {
        // Nothing was created: the next nodes found nobody and want their handlers named.
        setAsking(null);
        setHandlersFor({ nodes: needed, formData, extras });
        return;
      }
      await runFlowAction(async () => res, queryClient);
      setAsking(null);
      setHandlersFor(null);
      leave();
    } catch {
      // The request wrapper has shown why; the form stays as typed.
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const formData = flowForm.collect();
    if (!formData) {
      feedback().message.error(t('workflow.fixErrors'));
      return;
    }
    setBusy(true);
    let answer: FlowCandidatesAnswer;
    try {
      answer = await getCandidates(config.flowId, { formData });
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    if (needsPicks(answer)) setAsking({ answer, formData });
    else await send(formData, 0);
  };

  const saveDraft = async () => {
    // A draft keeps whatever has been typed so far, valid or not.
    await send(flowForm.runtime.store.data(), 1);
  };

  if (template.isError || draft.isError)
    return <Result status="error" title={t('workflow.detail.loadFailed')} data-testid="flow-detail-error" />;
  if (!template.data || (config.id && !draft.data))
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );

  return (
    <div className={styles.page} data-testid="flow-launch">
      <header className={styles.header}>
        <h2 className={styles.title}>{draft.data?.fullName || template.data.fullName}</h2>
        <Space wrap size="middle">
          {!config.id && !!delegators.data?.length && (
            <Space size={4} data-testid="flow-on-behalf">
              <span>{t('workflow.launch.onBehalf')}</span>
              <Tooltip title={t('workflow.launch.onBehalfHint')}>
                <QuestionCircleOutlined />
              </Tooltip>
              <Select
                value={onBehalf}
                onChange={setOnBehalf}
                style={{ minWidth: 160 }}
                options={[
                  { value: '', label: t('workflow.launch.myself') },
                  ...delegators.data.map((d) => ({ value: d.id, label: d.fullName })),
                ]}
                aria-label={t('workflow.launch.delegator')}
                data-testid="flow-on-behalf-user"
              />
            </Space>
          )}
          <Space size={8}>
            <span>{t('workflow.col.urgency')}</span>
            <Select
              value={flowUrgent}
              onChange={setUrgency}
              style={{ width: 100 }}
              options={[1, 2, 3].map((u) => ({ value: u, label: t(`workflow.urgency.u${u}`) }))}
              data-testid="flow-urgency-select"
            />
          </Space>
        </Space>
      </header>
      <section className={styles.sheet}>
        <FlowFormView flowForm={flowForm} design={design} values={values} />
      </section>
      <footer className={styles.actions}>
        <Button onClick={leave}>{t('common.cancel')}</Button>
        <Button loading={busy} onClick={() => void saveDraft()} data-testid="flow-save-draft">
          {t('workflow.action.saveDraft')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="flow-submit">
          {t('workflow.action.submit')}
        </Button>
      </footer>
      {asking && (
        <CandidateDialog
          ownerId={config.flowId}
          answer={asking.answer}
          formData={asking.formData}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={(picks) => void send(asking.formData, 0, picks)}
        />
      )}
      {handlersFor && (
        <HandlersDialog
          nodes={handlersFor.nodes}
          busy={busy}
          onCancel={() => setHandlersFor(null)}
          onConfirm={(errorRuleUserList) =>
            void send(handlersFor.formData, 0, { ...handlersFor.extras, errorRuleUserList })
          }
        />
      )}
    </div>
  );
}
