/**
 * The rules of a condition branch: groups of rules joined by and/or, the groups joined by the
 * branch's own and/or. A rule compares a form field or a system variable with a value; the value
 * input follows the operator (none, two bounds, a list) and the left side (an urgency, an
 * organisation object picker for the initiator's department, roles and positions).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONDITION_OPS,
  FLOW_SYSTEM_VARIABLES,
  flowMessage,
  UNARY_CONDITION_OPS,
  type ConditionGroup,
  type ConditionOp,
  type ConditionRule,
  type ConditionWhen,
  type FlowMessageKey,
} from '@atrium/shared/workflow';
import { Button, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlowEnv } from './context.tsx';
import { FieldSelect, IdsPicker, type MemberKind } from './fields.tsx';
import styles from './flow-designer.module.css';

/** System variables whose values are organisation objects, picked rather than typed. */
const PICKED_VARIABLES: Record<string, MemberKind> = {
  '@initiator': 'users',
  '@initiatorDept': 'orgs',
  '@initiatorRoles': 'roles',
  '@initiatorPositions': 'positions',
};

const URGENCIES = [1, 2, 3];

const EMPTY_RULE: ConditionRule = { left: '', op: '==', right: '' };

function ValueInput({
  rule,
  onChange,
  testId,
}: {
  rule: ConditionRule;
  onChange: (right: unknown) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { lang } = useFlowEnv();
  if (UNARY_CONDITION_OPS.includes(rule.op)) return null;
  const picked = PICKED_VARIABLES[rule.left];
  if (picked) {
    const ids = Array.isArray(rule.right) ? rule.right.map(String) : rule.right ? [String(rule.right)] : [];
    return (
      <IdsPicker
        kind={picked}
        label={flowMessage(`sys.${rule.left.slice(1)}` as FlowMessageKey, undefined, lang)}
        value={ids}
        onChange={onChange}
      />
    );
  }
  if (rule.left === '@flowUrgent')
    return (
      <Select
        mode={rule.op === 'in' || rule.op === 'notIn' ? 'multiple' : undefined}
        value={rule.right as number | number[] | undefined}
        onChange={onChange}
        options={URGENCIES.map((u) => ({ value: u, label: t(`flowDesigner.urgency.${u}`) }))}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    );
  if (rule.op === 'between') {
    const [low, high] = Array.isArray(rule.right) ? (rule.right as unknown[]) : ['', ''];
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={String(low ?? '')}
          onChange={(e) => onChange([e.target.value, high ?? ''])}
          data-testid={`${testId}-low`}
        />
        <Input
          value={String(high ?? '')}
          onChange={(e) => onChange([low ?? '', e.target.value])}
          data-testid={`${testId}-high`}
        />
      </Space.Compact>
    );
  }
  if (rule.op === 'in' || rule.op === 'notIn')
    return (
      <Select
        mode="tags"
        value={Array.isArray(rule.right) ? rule.right.map(String) : []}
        onChange={onChange}
        open={false}
        placeholder={t('flowDesigner.rules.listValue')}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    );
  return (
    <Input
      value={rule.right === undefined || rule.right === null ? '' : String(rule.right)}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('flowDesigner.rules.value')}
      data-testid={testId}
    />
  );
}

/** A fresh right side when the operator changes its shape (none, pair, list, single). */
function rightFor(op: ConditionOp, previous: unknown): unknown {
  if (UNARY_CONDITION_OPS.includes(op)) return undefined;
  if (op === 'between') return Array.isArray(previous) && previous.length === 2 ? previous : ['', ''];
  if (op === 'in' || op === 'notIn') return Array.isArray(previous) ? previous : [];
  return Array.isArray(previous) ? '' : previous;
}

function RuleRow({
  rule,
  onChange,
  onRemove,
  testId,
}: {
  rule: ConditionRule;
  onChange: (rule: ConditionRule) => void;
  onRemove: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { lang } = useFlowEnv();
  const system = FLOW_SYSTEM_VARIABLES.map((v) => ({
    value: v,
    label: flowMessage(`sys.${v.slice(1)}` as FlowMessageKey, undefined, lang),
  }));
  return (
    <div className={styles.row} data-testid={testId}>
      <div className={styles.grow}>
        <FieldSelect
          value={rule.left}
          // A new left side has values of another kind: the old value would not mean anything.
          onChange={(left) => onChange({ left: left ?? '', op: rule.op, right: rightFor(rule.op, undefined) })}
          extra={system}
          testId={`${testId}-left`}
        />
      </div>
      <Select<ConditionOp>
        value={rule.op}
        onChange={(op) => onChange({ ...rule, op, right: rightFor(op, rule.right) })}
        options={CONDITION_OPS.map((op) => ({ value: op, label: flowMessage(`op.${op}`, undefined, lang) }))}
        style={{ width: 96 }}
        aria-label={t('flowDesigner.rules.op')}
        data-testid={`${testId}-op`}
      />
      <div className={styles.grow}>
        <ValueInput rule={rule} onChange={(right) => onChange({ ...rule, right })} testId={`${testId}-right`} />
      </div>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        onClick={onRemove}
        aria-label={t('flowDesigner.rules.removeRule')}
        data-testid={`${testId}-remove`}
      />
    </div>
  );
}

function LogicSwitch({
  value,
  onChange,
  testId,
}: {
  value: 'and' | 'or';
  onChange: (v: 'and' | 'or') => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      size="small"
      optionType="button"
      value={value}
      onChange={(e) => onChange(e.target.value as 'and' | 'or')}
      options={[
        { value: 'and', label: t('flowDesigner.rules.and') },
        { value: 'or', label: t('flowDesigner.rules.or') },
      ]}
      data-testid={testId}
    />
  );
}

export function RulesEditor({
  value,
  onChange,
}: {
  value: ConditionWhen | undefined;
  onChange: (when: ConditionWhen) => void;
}) {
  const { t } = useTranslation();
  const when: ConditionWhen = value ?? { logic: 'or', groups: [] };
  const setGroups = (groups: ConditionGroup[]) => onChange({ ...when, groups });
  const setGroup = (index: number, group: ConditionGroup) =>
    setGroups(when.groups.map((g, i) => (i === index ? group : g)));
  return (
    <div data-testid="flow-rules">
      {when.groups.length > 1 && (
        <div className={styles.row}>
          {t('flowDesigner.rules.groupsJoin')}
          <LogicSwitch
            value={when.logic}
            onChange={(logic) => onChange({ ...when, logic })}
            testId="flow-rules-logic"
          />
        </div>
      )}
      {when.groups.map((group, g) => (
        <div key={g} className={styles.ruleGroup} data-testid={`flow-rule-group-${g}`}>
          <div className={styles.ruleGroupHead}>
            <span>{t('flowDesigner.rules.group', { n: g + 1 })}</span>
            <LogicSwitch
              value={group.logic}
              onChange={(logic) => setGroup(g, { ...group, logic })}
              testId={`flow-rule-group-${g}-logic`}
            />
            <span className={styles.spacer} />
            <Button
              size="small"
              type="text"
              danger
              onClick={() => setGroups(when.groups.filter((_, i) => i !== g))}
              data-testid={`flow-rule-group-${g}-remove`}
            >
              {t('flowDesigner.rules.removeGroup')}
            </Button>
          </div>
          {group.rules.map((rule, r) => (
            <RuleRow
              key={r}
              rule={rule}
              testId={`flow-rule-${g}-${r}`}
              onChange={(next) => setGroup(g, { ...group, rules: group.rules.map((x, i) => (i === r ? next : x)) })}
              onRemove={() => setGroup(g, { ...group, rules: group.rules.filter((_, i) => i !== r) })}
            />
          ))}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setGroup(g, { ...group, rules: [...group.rules, { ...EMPTY_RULE }] })}
            data-testid={`flow-rule-group-${g}-add`}
          >
            {t('flowDesigner.rules.addRule')}
          </Button>
        </div>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => setGroups([...when.groups, { logic: 'and', rules: [{ ...EMPTY_RULE }] }])}
        data-testid="flow-rules-add-group"
      >
        {t('flowDesigner.rules.addGroup')}
      </Button>
    </div>
  );
}
