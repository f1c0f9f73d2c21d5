/** Properties of an approver or handle node: who handles it, how, with which buttons and limits. */
import {
  AssigneeType,
  CounterSign,
  isApproverNode,
  parentChain,
  type ApproverNode,
  type ApproverProperties,
  type AssigneeTypeCode,
  type ButtonSetting,
  type CopySpec,
  type EmptyPolicy,
  type FlowButton,
  type RejectTargetRule,
} from '@atrium/shared/workflow';
import { Checkbox, Form, Input, InputNumber, Radio, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlow } from '../context.tsx';
import { FieldSelect, IdsPicker, MemberSpecEditor, PERSON_FIELD_KINDS } from '../fields.tsx';
import { FormOperatesTable } from '../form-operates.tsx';
import { InterfaceCallSettings } from '../interface-call.tsx';
import styles from '../flow-designer.module.css';
import { usePatch } from './use-node.ts';

const ASSIGNEE_TYPES: readonly AssigneeTypeCode[] = [
  AssigneeType.initiatorManager,
  AssigneeType.deptHead,
  AssigneeType.initiator,
  AssigneeType.formField,
  AssigneeType.previousNodeApprover,
  AssigneeType.members,
  AssigneeType.candidates,
  AssigneeType.dataInterface,
];

export const EMPTY_POLICIES: readonly EmptyPolicy[] = [
  'admin',
  'users',
  'previousPicks',
  'autoApprove',
  'block',
  'initiator',
];

const BUTTONS: readonly FlowButton[] = [
  'approve',
  'reject',
  'transfer',
  'addSign',
  'recall',
  'saveDraft',
  'print',
  'urge',
];
const REJECT_TARGETS: readonly RejectTargetRule[] = ['start', 'previous', 'node', 'any'];
const DEDUP_KEYS = ['skipIfInitiator', 'skipIfSameAsPrevious', 'skipIfAlreadyApproved'] as const;

type Patch = (properties: Partial<ApproverProperties>, key?: string) => void;

function AssigneeSettings({ node, patch }: { node: ApproverNode; patch: Patch }) {
  const { t } = useTranslation();
  const p = node.properties;
  const root = useFlow((s) => s.root);
  const earlier = parentChain(root, node.nodeId).filter(isApproverNode);
  return (
    <>
      <Form.Item label={t('flowDesigner.approver.assigneeType')}>
        <Select<AssigneeTypeCode>
          value={p.assigneeType}
          onChange={(assigneeType) => patch({ assigneeType })}
          options={ASSIGNEE_TYPES.map((v) => ({ value: v, label: t(`flowDesigner.assignee.${v}`) }))}
          data-testid="flow-assignee-type"
        />
      </Form.Item>
      {p.assigneeType === AssigneeType.initiatorManager && (
        <Form.Item label={t('flowDesigner.approver.managerLevel')}>
          <InputNumber
            min={1}
            max={10}
            precision={0}
            value={p.managerLevel ?? 1}
            onChange={(v) => patch({ managerLevel: v ?? 1 }, 'managerLevel')}
          />
        </Form.Item>
      )}
      {p.assigneeType === AssigneeType.deptHead && (
        <Form.Item label={t('flowDesigner.approver.departmentLevel')}>
          <InputNumber
            min={1}
            max={10}
            precision={0}
            value={p.departmentLevel ?? 1}
            onChange={(v) => patch({ departmentLevel: v ?? 1 }, 'departmentLevel')}
          />
        </Form.Item>
      )}
      {p.assigneeType === AssigneeType.formField && (
        <Form.Item label={t('flowDesigner.approver.formField')}>
          <FieldSelect
            value={p.formField}
            onChange={(formField) => patch({ formField })}
            kinds={PERSON_FIELD_KINDS}
            testId="flow-assignee-field"
          />
        </Form.Item>
      )}
      {p.assigneeType === AssigneeType.previousNodeApprover && (
        <Form.Item label={t('flowDesigner.approver.sameAs')}>
          <Select
            value={p.approverNodeId || undefined}
            onChange={(approverNodeId: string) => patch({ approverNodeId })}
            options={earlier.map((n) => ({ value: n.nodeId, label: n.name }))}
            data-testid="flow-assignee-node"
          />
        </Form.Item>
      )}
      {(p.assigneeType === AssigneeType.members || p.assigneeType === AssigneeType.candidates) && (
        <>
          {p.assigneeType === AssigneeType.candidates && <p>{t('flowDesigner.approver.candidatePool')}</p>}
          <MemberSpecEditor
            value={p.members}
            onChange={(members) => patch({ members })}
            testId="flow-assignee-members"
          />
        </>
      )}
      {p.assigneeType === AssigneeType.dataInterface && (
        <InterfaceCallSettings label={t('flowDesigner.approver.interface')} value={p} onChange={patch} />
      )}
      <Form.Item label={t('flowDesigner.approver.counterSign')}>
        <Radio.Group
          value={p.counterSign}
          onChange={(e) => patch({ counterSign: e.target.value as ApproverProperties['counterSign'] })}
          options={[CounterSign.any, CounterSign.all, CounterSign.sequential].map((v) => ({
            value: v,
            label: t(`flowDesigner.counterSign.${v}`),
          }))}
          data-testid="flow-countersign"
        />
      </Form.Item>
      {p.counterSign === CounterSign.all && (
        <Form.Item label={t('flowDesigner.approver.ratio')}>
          <InputNumber
            min={1}
            max={100}
            precision={0}
            suffix="%"
            value={p.countersignRatio ?? 100}
            onChange={(v) => patch({ countersignRatio: v ?? 100 }, 'countersignRatio')}
          />
        </Form.Item>
      )}
      <Form.Item label={t('flowDesigner.approver.emptyPolicy')}>
        <Select<EmptyPolicy>
          value={p.emptyPolicy ?? 'admin'}
          onChange={(emptyPolicy) => patch({ emptyPolicy })}
          options={EMPTY_POLICIES.map((v) => ({ value: v, label: t(`flowDesigner.emptyPolicy.${v}`) }))}
        />
      </Form.Item>
      {p.emptyPolicy === 'users' && (
        <Form.Item label={t('flowDesigner.approver.emptyUsers')}>
          <IdsPicker
            kind="users"
            label={t('flowDesigner.approver.emptyUsers')}
            value={p.emptyUsers}
            onChange={(emptyUsers) => patch({ emptyUsers })}
          />
        </Form.Item>
      )}
      <div className={styles.section}>{t('flowDesigner.approver.dedup')}</div>
      {DEDUP_KEYS.map((key) => (
        <div key={key} className={styles.row}>
          <Switch
            size="small"
            checked={!!p.dedup?.[key]}
            onChange={(on) => patch({ dedup: { ...p.dedup, [key]: on } })}
          />
          {t(`flowDesigner.dedup.${key}`)}
        </div>
      ))}
    </>
  );
}

function ActionSettings({ node, patch }: { node: ApproverNode; patch: Patch }) {
  const { t } = useTranslation();
  const p = node.properties;
  const root = useFlow((s) => s.root);
  const isApprover = node.type === 'approver';
  const buttons = isApprover ? BUTTONS : BUTTONS.filter((b) => b !== 'reject');
  const setButton = (button: FlowButton, setting: ButtonSetting, key?: string) =>
    patch({ buttons: { ...p.buttons, [button]: setting } }, key);
  const targets = parentChain(root, node.nodeId).filter((n) => n.type === 'start' || isApproverNode(n));
  const flags = ['requireOpinion', 'requireSign', 'allowAttachments', 'batchApprovable'] as const;
  return (
    <>
      <div className={styles.section}>{t('flowDesigner.approver.buttons')}</div>
      {buttons.map((button) => {
        const setting = p.buttons?.[button] ?? { enabled: false };
        return (
          <div key={button} className={styles.row}>
            <Checkbox
              checked={setting.enabled}
              onChange={(e) => setButton(button, { ...setting, enabled: e.target.checked })}
              style={{ width: 110 }}
              data-testid={`flow-button-${button}`}
            >
              {t(`flowDesigner.buttons.${button}`)}
            </Checkbox>
            <Input
              className={styles.grow}
              size="small"
              disabled={!setting.enabled}
              value={setting.label ?? ''}
              placeholder={t(`flowDesigner.buttons.${button}`)}
              aria-label={t('flowDesigner.approver.buttonLabel', { button: t(`flowDesigner.buttons.${button}`) })}
              onChange={(e) =>
                setButton(button, { ...setting, label: e.target.value || undefined }, `button:${button}`)
              }
            />
          </div>
        );
      })}
      {isApprover && (
        <>
          <Form.Item label={t('flowDesigner.approver.rejectTarget')}>
            <Select<RejectTargetRule>
              value={p.rejectTarget ?? 'start'}
              onChange={(rejectTarget) => patch({ rejectTarget })}
              options={REJECT_TARGETS.map((v) => ({ value: v, label: t(`flowDesigner.rejectTarget.${v}`) }))}
              data-testid="flow-reject-target"
            />
          </Form.Item>
          {p.rejectTarget === 'node' && (
            <Form.Item label={t('flowDesigner.approver.rejectNodes')}>
              <Select
                mode="multiple"
                value={p.rejectNodeIds ?? []}
                onChange={(rejectNodeIds: string[]) => patch({ rejectNodeIds })}
                options={targets.map((n) => ({ value: n.nodeId, label: n.name }))}
                data-testid="flow-reject-nodes"
              />
            </Form.Item>
          )}
          <Form.Item label={t('flowDesigner.approver.rejectTypes')}>
            <Checkbox.Group
              value={p.rejectTypes ?? [1]}
              onChange={(rejectTypes) => patch({ rejectTypes: rejectTypes as number[] })}
              options={[1, 2].map((v) => ({ value: v, label: t(`flowDesigner.rejectType.${v}`) }))}
            />
          </Form.Item>
        </>
      )}
      <div className={styles.section}>{t('flowDesigner.approver.handling')}</div>
      {flags.map((flag) => (
        <div key={flag} className={styles.row}>
          <Switch
            size="small"
            checked={!!p[flag]}
            onChange={(on) => patch({ [flag]: on })}
            data-testid={`flow-${flag}`}
          />
          {t(`flowDesigner.approver.${flag}`)}
        </div>
      ))}
    </>
  );
}

/** CC recipients of an approver node or a copy node. */
export function CopySettings({ value, onChange }: { value: CopySpec | undefined; onChange: (spec: CopySpec) => void }) {
  const { t } = useTranslation();
  const spec = value ?? {};
  return (
    <>
      <MemberSpecEditor value={spec} onChange={(members) => onChange({ ...spec, ...members })} testId="flow-cc" />
      <Form.Item label={t('flowDesigner.copy.formField')}>
        <FieldSelect
          value={spec.formField}
          onChange={(formField) => onChange({ ...spec, formField })}
          kinds={PERSON_FIELD_KINDS}
        />
      </Form.Item>
      <div className={styles.row}>
        <Switch
          size="small"
          checked={!!spec.toInitiator}
          onChange={(toInitiator) => onChange({ ...spec, toInitiator })}
        />
        {t('flowDesigner.copy.toInitiator')}
      </div>
      <div className={styles.row}>
        <Switch
          size="small"
          checked={!!spec.allowApproverAddCc}
          onChange={(allowApproverAddCc) => onChange({ ...spec, allowApproverAddCc })}
        />
        {t('flowDesigner.copy.allowApproverAddCc')}
      </div>
    </>
  );
}

function TimeSettings({ node, patch }: { node: ApproverNode; patch: Patch }) {
  const { t } = useTranslation();
  const p = node.properties;
  const hours = (value: number | undefined, onChange: (v: number) => void, key: string) => (
    <InputNumber
      min={1}
      max={8760}
      precision={0}
      suffix={t('flowDesigner.time.hours')}
      value={value}
      onChange={(v) => onChange(v ?? 1)}
      data-testid={`flow-${key}`}
    />
  );
  return (
    <>
      <div className={styles.row}>
        <Switch
          size="small"
          checked={!!p.timeLimit?.hours}
          onChange={(on) => patch({ timeLimit: on ? { hours: 24 } : undefined })}
        />
        {t('flowDesigner.time.limit')}
      </div>
      {!!p.timeLimit?.hours && (
        <Form.Item label={t('flowDesigner.time.limitHours')}>
          {hours(p.timeLimit.hours, (v) => patch({ timeLimit: { hours: v } }, 'timeLimit'), 'time-limit')}
        </Form.Item>
      )}
      <div className={styles.row}>
        <Switch
          size="small"
          checked={!!p.remind}
          onChange={(on) => patch({ remind: on ? { firstAfter: 24, interval: 24, maxCount: 3 } : undefined })}
          data-testid="flow-remind"
        />
        {t('flowDesigner.time.remind')}
      </div>
      {p.remind && (
        <>
          <Form.Item label={t('flowDesigner.time.firstAfter')}>
            {hours(
              p.remind.firstAfter,
              (v) => patch({ remind: { ...p.remind!, firstAfter: v } }, 'remind'),
              'remind-first',
            )}
          </Form.Item>
          <Form.Item label={t('flowDesigner.time.interval')}>
            {hours(
              p.remind.interval,
              (v) => patch({ remind: { ...p.remind!, interval: v } }, 'remind'),
              'remind-interval',
            )}
          </Form.Item>
          <Form.Item label={t('flowDesigner.time.maxCount')}>
            <InputNumber
              min={1}
              max={100}
              precision={0}
              value={p.remind.maxCount}
              onChange={(v) => patch({ remind: { ...p.remind!, maxCount: v ?? 1 } }, 'remind')}
            />
          </Form.Item>
        </>
      )}
      <div className={styles.row}>
        <Switch
          size="small"
          checked={!!p.overdue}
          onChange={(on) => patch({ overdue: on ? { firstAfter: 48, autoAction: 'none' } : undefined })}
        />
        {t('flowDesigner.time.overdue')}
      </div>
      {p.overdue && (
        <>
          <Form.Item label={t('flowDesigner.time.overdueAfter')}>
            {hours(
              p.overdue.firstAfter,
              (v) => patch({ overdue: { ...p.overdue!, firstAfter: v } }, 'overdue'),
              'overdue-after',
            )}
          </Form.Item>
          <Form.Item label={t('flowDesigner.time.autoAction')}>
            <Radio.Group
              value={p.overdue.autoAction}
              onChange={(e) => patch({ overdue: { ...p.overdue!, autoAction: e.target.value as 'none' } })}
              options={(['none', 'approve', 'reject'] as const).map((v) => ({
                value: v,
                label: t(`flowDesigner.time.action.${v}`),
              }))}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

export function ApproverPanel({ node }: { node: ApproverNode }) {
  const { t } = useTranslation();
  const patch = usePatch<ApproverProperties>(node.nodeId);
  return (
    <Tabs
      items={[
        {
          key: 'assignee',
          label: t('flowDesigner.tabs.assignee'),
          children: <AssigneeSettings node={node} patch={patch} />,
        },
        {
          key: 'actions',
          label: t('flowDesigner.tabs.actions'),
          children: <ActionSettings node={node} patch={patch} />,
        },
        {
          key: 'cc',
          label: t('flowDesigner.tabs.cc'),
          children: <CopySettings value={node.properties.cc} onChange={(cc) => patch({ cc })} />,
        },
        { key: 'time', label: t('flowDesigner.tabs.time'), children: <TimeSettings node={node} patch={patch} /> },
        {
          key: 'fields',
          label: t('flowDesigner.tabs.fields'),
          children: (
            <FormOperatesTable
              value={node.properties.formOperates}
              onChange={(formOperates) => patch({ formOperates })}
              writable={false}
            />
          ),
        },
      ]}
    />
  );
}
