import { FlowOpType, type FlowDetailConfig, type FlowHandleBody } from '@atrium/shared/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback.ts';
import { getFlowDetail, handle, launch, monitor, type FlowDetail } from '../../api/workflow.ts';
import {
  confirmFlowAction,
  flowDetailLink,
  FlowStatusTag,
  runFlowAction,
  UrgencyTag,
} from '../../components/flow-status/index.ts';
import { buttonLabel, flowActions, type FlowAction } from './actions.ts';
import { FlowComments } from './comments.tsx';
import { FlowFormView, useFlowForm } from './flow-form.tsx';
import { FlowPrint } from './flow-print.tsx';
import { parseFormJson } from './form-operates.ts';
import { DIALOG_ACTIONS, HandleDialog, type DialogAction } from './handle-dialog.tsx';
import { RecordsTab } from './records.tsx';
import { RouteSteps } from './route-steps.tsx';
import { useLeave } from './use-leave.ts';
import styles from './work-flow-detail.module.css';

/** The calls behind the dialog actions: operator calls take the to-do, the others the instance. */
function dialogCall(action: DialogAction, config: FlowDetailConfig, detail: FlowDetail, body: FlowHandleBody) {
  const operator = config.taskOperatorId ?? '';
  const instance = detail.flowTaskInfo.id;
  switch (action) {
    case 'approve':
      return handle.approve(operator, body);
    case 'reject':
      return handle.reject(operator, body);
    case 'transfer':
      return handle.transfer(operator, body);
    case 'addSign':
      return handle.addSign(operator, body);
    case 'recall':
      // In the done view the operator id of the config is the record being looked at.
      return handle.recall(operator, body);
    case 'withdraw':
      return launch.withdraw(instance, body);
    case 'assign':
      return monitor.assign(instance, body);
    case 'terminate':
      return monitor.terminate(instance, body);
    case 'change':
      return monitor.change({ ...body, taskId: instance });
  }
}

/** Actions after which the page stays: the flow has not moved on for the caller. */
const STAY_AFTER = new Set<FlowAction>(['urge', 'saveDraft', 'print']);

/**
 * A launched flow as the view of the config sees it (opType 0 my application, 1 to-do, 2 done,
 * 3 CC, 4 monitor): header, the form (writable where the to-do's node says), the route, the
 * records and the comments, and the actions of that view.
 */
export function FlowView({ config }: { config: FlowDetailConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useLeave();
  const id = config.id!;
  const detail = useQuery({
    queryKey: ['workflow', 'detail', id, config.taskOperatorId, config.circulateId],
    queryFn: () =>
      getFlowDetail(id, {
        taskOperatorId: config.taskOperatorId,
        taskNodeId: config.taskNodeId,
        circulateId: config.circulateId,
      }),
  });
  const data = detail.data;
  const [dialog, setDialog] = useState<{ action: DialogAction; formData?: Record<string, unknown> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);

  const actions = useMemo(() => (data ? flowActions(config.opType, data) : []), [data, config.opType]);
  const handling = actions.includes('approve') || actions.includes('saveDraft');
  const design = useMemo(() => parseFormJson(data?.flowFormInfo), [data]);
  const values = useMemo(
    () => (data ? (handling && data.draftData) || data.formData || {} : undefined),
    [data, handling],
  );
  const flowForm = useFlowForm(design, values, data?.formOperates, { editable: handling });

  const finish = async (action: FlowAction, call: () => Promise<{ msg?: string }>) => {
    setBusy(true);
    try {
      const ok = await runFlowAction(call, queryClient);
      if (!ok) return;
      setDialog(null);
      if (!STAY_AFTER.has(action)) leave();
    } finally {
      setBusy(false);
    }
  };

  const start = async (action: FlowAction) => {
    if (!data) return;
    const instance = data.flowTaskInfo.id;
    if (action === 'print') return setPrinting(true);
    if (action === 'resubmit')
      return navigate(flowDetailLink({ id: instance, flowId: data.flowTaskInfo.flowId, opType: FlowOpType.launch }));
    if (action === 'urge') return finish(action, () => launch.urge(instance));
    if (action === 'suspend' || action === 'restore') {
      if (!(await confirmFlowAction(t(`workflow.confirm.${action}`)))) return;
      return finish(action, () => (action === 'suspend' ? monitor.suspend(instance) : monitor.restore(instance)));
    }
    if (action === 'saveDraft')
      return finish(action, () =>
        handle.saveDraft(config.taskOperatorId ?? '', { formData: flowForm.runtime.store.data() }),
      );
    if (action === 'approve') {
      // The form is checked before the dialog: an approval sends the fields this node writes.
      const formData = design ? flowForm.collect() : {};
      if (!formData) {
        feedback().message.error(t('workflow.fixErrors'));
        return;
      }
      return setDialog({ action, formData });
    }
    if (DIALOG_ACTIONS.has(action)) setDialog({ action: action as DialogAction });
  };

  if (detail.isError)
    return <Result status="error" title={t('workflow.detail.loadFailed')} data-testid="flow-detail-error" />;
  if (!data)
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );

  const info = data.flowTaskInfo;
  const buttons = data.approversProperties?.buttons;
  return (
    <div className={styles.page} data-testid="flow-detail">
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>
            {info.fullName} <FlowStatusTag status={info.status} /> <UrgencyTag value={info.flowUrgent} />
          </h2>
          <p className={styles.meta}>
            <span>{t('workflow.detail.billNo', { value: info.enCode ?? '' })}</span>
            <span>{t('workflow.detail.initiator', { value: info.userName ?? '' })}</span>
            <span>
              {t('workflow.detail.startTime', {
                value: info.startTime ? dayjs(info.startTime).format('YYYY-MM-DD HH:mm') : '',
              })}
            </span>
            {info.thisStep && <span>{t('workflow.detail.thisStep', { value: info.thisStep })}</span>}
          </p>
        </div>
      </header>
      <section className={styles.sheet}>
        <Tabs
          items={[
            {
              key: 'form',
              label: t('workflow.detail.form'),
              children: <FlowFormView flowForm={flowForm} design={design} values={values} />,
            },
            {
              key: 'route',
              label: t('workflow.detail.route'),
              children: <RouteSteps nodes={data.flowTaskNodeList ?? []} />,
            },
            {
              key: 'records',
              label: t('workflow.detail.records'),
              children: <RecordsTab instanceId={info.id} records={data.flowTaskOperatorRecordList ?? []} />,
            },
            { key: 'comments', label: t('workflow.detail.comments'), children: <FlowComments taskId={info.id} /> },
          ]}
        />
      </section>
      {actions.length > 0 && (
        <footer className={styles.actions} data-testid="flow-actions">
          {actions.map((action) => (
            <Button
              key={action}
              type={action === 'approve' ? 'primary' : 'default'}
              danger={action === 'reject' || action === 'terminate'}
              loading={busy && !dialog}
              onClick={() => void start(action)}
              data-testid={`flow-action-${action}`}
            >
              {buttonLabel(buttons, action) ?? t(`workflow.action.${action}`)}
            </Button>
          ))}
        </footer>
      )}
      {printing && (
        <FlowPrint
          detail={data}
          design={design}
          flowForm={flowForm}
          values={values}
          onClose={() => setPrinting(false)}
        />
      )}
      {dialog && (
        <HandleDialog
          action={dialog.action}
          detail={data}
          operatorId={config.taskOperatorId}
          formData={dialog.formData}
          busy={busy}
          onCancel={() => setDialog(null)}
          onSubmit={(body) => void finish(dialog.action, () => dialogCall(dialog.action, config, data, body))}
        />
      )}
    </div>
  );
}
