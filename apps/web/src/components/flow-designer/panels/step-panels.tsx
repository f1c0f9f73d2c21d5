/** Properties of the nodes nobody handles: copy, sub-flow, timer and trigger. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_CALLBACK_MINUTES,
  FLOW_CALLBACK_PATH,
  TRIGGER_CALLBACK_MAX_MINUTES,
  TRIGGER_MAX_ATTEMPTS,
  type CopyNode,
  type CopyProperties,
  type SubFlowNode,
  type SubFlowProperties,
  type TimerNode,
  type TimerProperties,
  type TriggerNode,
  type TriggerProperties,
} from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowTemplateApi } from '../../../api/flow-template.ts';
import { useFlowEnv } from '../context.tsx';
import { InterfaceCallSettings } from '../interface-call.tsx';
import { DATE_FIELD_KINDS, FieldSelect, IdsPicker, PERSON_FIELD_KINDS } from '../fields.tsx';
import styles from '../flow-designer.module.css';
import { CopySettings } from './approver-panel.tsx';
import { usePatch } from './use-node.ts';

export function CopyPanel({ node }: { node: CopyNode }) {
  const patch = usePatch<CopyProperties>(node.nodeId);
  return <CopySettings value={node.properties} onChange={(spec) => patch(spec)} />;
}

type Mapping = { from: string; to: string };

/** Pairs of a field of this form (picked) and a name elsewhere (typed): a child flow's field, an answer's path. */
function MappingEditor({
  value,
  onChange,
  parentSide,
  testId,
  otherPlaceholder,
  addLabel,
}: {
  value: Mapping[] | undefined;
  onChange: (mappings: Mapping[]) => void;
  /** Which side names a field of this form. */
  parentSide: 'from' | 'to';
  testId: string;
  /** What the typed side names (a child flow's field, a path into an answer). */
  otherPlaceholder: string;
  addLabel: string;
}) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const set = (index: number, row: Mapping) => onChange(rows.map((r, i) => (i === index ? row : r)));
  const childSide = parentSide === 'from' ? 'to' : 'from';
  return (
    <div data-testid={testId}>
      {rows.map((row, i) => (
        <div key={i} className={styles.row}>
          <div className={styles.grow}>
            <FieldSelect
              value={row[parentSide]}
              onChange={(f) => set(i, { ...row, [parentSide]: f ?? '' })}
              testId={`${testId}-${i}-${parentSide}`}
            />
          </div>
          <Input
            className={styles.grow}
            value={row[childSide]}
            placeholder={otherPlaceholder}
            onChange={(e) => set(i, { ...row, [childSide]: e.target.value })}
            data-testid={`${testId}-${i}-${childSide}`}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('flowDesigner.remove')}
            onClick={() => onChange(rows.filter((_, x) => x !== i))}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange([...rows, { from: '', to: '' }])}
        data-testid={`${testId}-add`}
      >
        {addLabel}
      </Button>
    </div>
  );
}

export function SubFlowPanel({ node }: { node: SubFlowNode }) {
  const { t } = useTranslation();
  const { templateCode } = useFlowEnv();
  const patch = usePatch<SubFlowProperties>(node.nodeId);
  const p = node.properties;
  const templates = useQuery({
    queryKey: ['workflow', 'templates', 'subFlowOptions'],
    queryFn: () => flowTemplateApi.list({ currentPage: 1, pageSize: 999 }),
    staleTime: 60_000,
  });
  const options = (templates.data?.list ?? [])
    .filter((x) => x.enCode !== templateCode)
    .map((x) => ({ value: x.enCode, label: `${x.fullName} (${x.enCode})` }));
  const initiator = p.initiator ?? { mode: 'initiator' };
  return (
    <>
      <Form.Item label={t('flowDesigner.subFlow.template')}>
        <Select
          value={p.templateCode || undefined}
          onChange={(code: string) => patch({ templateCode: code })}
          options={options}
          loading={templates.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="flow-subflow-template"
        />
      </Form.Item>
      <Form.Item label={t('flowDesigner.subFlow.initiator')}>
        <Radio.Group
          value={initiator.mode}
          onChange={(e) => patch({ initiator: { mode: e.target.value as SubFlowProperties['initiator']['mode'] } })}
          options={(['initiator', 'users', 'formField'] as const).map((v) => ({
            value: v,
            label: t(`flowDesigner.subFlow.initiatorMode.${v}`),
          }))}
        />
      </Form.Item>
      {initiator.mode === 'users' && (
        <IdsPicker
          kind="users"
          label={t('flowDesigner.subFlow.initiator')}
          value={initiator.users}
          onChange={(users) => patch({ initiator: { ...initiator, users } })}
        />
      )}
      {initiator.mode === 'formField' && (
        <FieldSelect
          value={initiator.formField}
          kinds={PERSON_FIELD_KINDS}
          onChange={(formField) => patch({ initiator: { ...initiator, formField } })}
        />
      )}
      <div className={styles.row}>
        <Switch size="small" checked={p.wait} onChange={(wait) => patch({ wait })} data-testid="flow-subflow-wait" />
        {t('flowDesigner.subFlow.wait')}
      </div>
      {p.wait && (
        <Form.Item label={t('flowDesigner.subFlow.onChildFailure')}>
          <Select
            value={p.onChildFailure ?? 'rejectParent'}
            onChange={(onChildFailure: SubFlowProperties['onChildFailure']) => patch({ onChildFailure })}
            options={(['rejectParent', 'continue'] as const).map((v) => ({
              value: v,
              label: t(`flowDesigner.subFlow.failure.${v}`),
            }))}
          />
        </Form.Item>
      )}
      <div className={styles.section}>{t('flowDesigner.subFlow.mapIn')}</div>
      <MappingEditor
        value={p.mapIn}
        onChange={(mapIn) => patch({ mapIn })}
        parentSide="from"
        testId="flow-map-in"
        otherPlaceholder={t('flowDesigner.subFlow.childField')}
        addLabel={t('flowDesigner.subFlow.addMapping')}
      />
      {p.wait && (
        <>
          <div className={styles.section}>{t('flowDesigner.subFlow.mapOut')}</div>
          <MappingEditor
            value={p.mapOut}
            onChange={(mapOut) => patch({ mapOut })}
            parentSide="to"
            testId="flow-map-out"
            otherPlaceholder={t('flowDesigner.subFlow.childField')}
            addLabel={t('flowDesigner.subFlow.addMapping')}
          />
        </>
      )}
    </>
  );
}

export function TimerPanel({ node }: { node: TimerNode }) {
  const { t } = useTranslation();
  const patch = usePatch<TimerProperties>(node.nodeId);
  const p = node.properties;
  const byField = p.untilField !== undefined;
  return (
    <>
      <Form.Item label={t('flowDesigner.timer.mode')}>
        <Radio.Group
          value={byField ? 'field' : 'minutes'}
          onChange={(e) =>
            patch(
              e.target.value === 'field'
                ? { minutes: undefined, untilField: '' }
                : { untilField: undefined, minutes: 60 },
            )
          }
          options={[
            { value: 'minutes', label: t('flowDesigner.timer.minutes') },
            { value: 'field', label: t('flowDesigner.timer.untilField') },
          ]}
          data-testid="flow-timer-mode"
        />
      </Form.Item>
      {byField ? (
        <FieldSelect value={p.untilField} kinds={DATE_FIELD_KINDS} onChange={(f) => patch({ untilField: f ?? '' })} />
      ) : (
        <InputNumber
          min={1}
          max={525_600}
          precision={0}
          suffix={t('flowDesigner.timer.minuteUnit')}
          value={p.minutes}
          onChange={(minutes) => patch({ minutes: minutes ?? undefined }, 'minutes')}
          className={styles.minutes}
          data-testid="flow-timer-minutes"
        />
      )}
    </>
  );
}

export function TriggerPanel({ node }: { node: TriggerNode }) {
  const { t } = useTranslation();
  const patch = usePatch<TriggerProperties>(node.nodeId);
  const rows = node.properties.setFields ?? [];
  const set = (index: number, row: { field: string; value: unknown }) =>
    patch({ setFields: rows.map((r, i) => (i === index ? row : r)) }, `setFields:${index}`);
  const p = node.properties;
  const callback = p.mode === 'callback';
  // Both wait for an answer: the call's own, or the one the outside system posts back later.
  const waits = p.mode === 'wait' || callback;
  return (
    <>
      <InterfaceCallSettings
        label={t('flowDesigner.trigger.interface')}
        value={p}
        onChange={patch}
        callback={callback}
      />
      {p.interfaceId && (
        <>
          <Form.Item label={t('flowDesigner.trigger.mode')}>
            <Radio.Group
              value={p.mode ?? 'async'}
              onChange={(e) => patch({ mode: e.target.value as TriggerProperties['mode'] })}
              options={(['async', 'wait', 'callback'] as const).map((v) => ({
                value: v,
                label: t(`flowDesigner.trigger.modes.${v}`),
              }))}
              data-testid="flow-trigger-mode"
            />
          </Form.Item>
          {callback && (
            <>
              <Form.Item label={t('flowDesigner.trigger.callbackMinutes')}>
                <InputNumber
                  min={1}
                  max={TRIGGER_CALLBACK_MAX_MINUTES}
                  precision={0}
                  suffix={t('flowDesigner.timer.minuteUnit')}
                  value={p.callbackMinutes ?? DEFAULT_CALLBACK_MINUTES}
                  onChange={(minutes) => patch({ callbackMinutes: minutes ?? undefined }, 'callbackMinutes')}
                  className={styles.minutes}
                  data-testid="flow-trigger-callback-minutes"
                />
              </Form.Item>
              <p className={styles.hint} data-testid="flow-trigger-callback-hint">
                {t('flowDesigner.trigger.callbackHint', { url: `POST ${FLOW_CALLBACK_PATH}/{token}` })}
              </p>
            </>
          )}
          <Form.Item label={t('flowDesigner.trigger.maxAttempts')}>
            <InputNumber
              min={1}
              max={TRIGGER_MAX_ATTEMPTS}
              precision={0}
              value={p.maxAttempts ?? 5}
              onChange={(maxAttempts) => patch({ maxAttempts: maxAttempts ?? undefined }, 'maxAttempts')}
              data-testid="flow-trigger-attempts"
            />
          </Form.Item>
          {waits && (
            <>
              <Form.Item
                label={t(callback ? 'flowDesigner.trigger.onCallbackFailure' : 'flowDesigner.trigger.onFailure')}
              >
                <Select
                  value={p.onFailure ?? 'reject'}
                  onChange={(onFailure: TriggerProperties['onFailure']) => patch({ onFailure })}
                  options={(['reject', 'continue'] as const).map((v) => ({
                    value: v,
                    label: t(`flowDesigner.trigger.failure.${v}`),
                  }))}
                  data-testid="flow-trigger-failure"
                />
              </Form.Item>
              <div className={styles.section}>{t('flowDesigner.trigger.responseMap')}</div>
              <MappingEditor
                value={p.responseMap}
                onChange={(responseMap) => patch({ responseMap }, 'responseMap')}
                parentSide="to"
                testId="flow-response-map"
                otherPlaceholder={t('flowDesigner.trigger.answerPath')}
                addLabel={t('flowDesigner.trigger.addResponse')}
              />
            </>
          )}
        </>
      )}
      <div className={styles.section}>{t('flowDesigner.trigger.setFields')}</div>
      {rows.map((row, i) => (
        <div key={i} className={styles.row}>
          <div className={styles.grow}>
            <FieldSelect value={row.field} onChange={(field) => set(i, { ...row, field: field ?? '' })} />
          </div>
          <Input
            className={styles.grow}
            value={row.value === undefined || row.value === null ? '' : String(row.value)}
            placeholder={t('flowDesigner.trigger.value')}
            onChange={(e) => set(i, { ...row, value: e.target.value })}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('flowDesigner.remove')}
            onClick={() => patch({ setFields: rows.filter((_, x) => x !== i) })}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => patch({ setFields: [...rows, { field: '', value: '' }] })}
        data-testid="flow-trigger-add"
      >
        {t('flowDesigner.trigger.addField')}
      </Button>
    </>
  );
}
