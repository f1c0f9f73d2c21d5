/** Properties of the start: who may launch, the title, the recall rule and the launcher's fields. */
import type { EmptyPolicy, StartNode, StartProperties } from '@atrium/shared/workflow';
import { Form, Input, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberSpecEditor } from '../fields.tsx';
import { FormOperatesTable } from '../form-operates.tsx';
import styles from '../flow-designer.module.css';
import { EMPTY_POLICIES } from './approver-panel.tsx';
import { usePatch } from './use-node.ts';

const RECALL_RULES = ['none', 'start', 'all'] as const;

export function StartPanel({ node }: { node: StartNode }) {
  const { t } = useTranslation();
  const patch = usePatch<StartProperties>(node.nodeId);
  const p = node.properties;
  const settings = (
    <>
      <div className={styles.section}>{t('flowDesigner.start.initiators')}</div>
      <p>{t('flowDesigner.start.initiatorsHint')}</p>
      <MemberSpecEditor
        value={p.initiators}
        onChange={(initiators) => patch({ initiators })}
        testId="flow-initiators"
      />
      <Form.Item label={t('flowDesigner.start.titleTemplate')} extra={t('flowDesigner.start.titleHint')}>
        <Input
          value={p.titleTemplate ?? ''}
          onChange={(e) => patch({ titleTemplate: e.target.value || undefined }, 'titleTemplate')}
          placeholder="{flowName} - {initiator} - {date}"
          data-testid="flow-title-template"
        />
      </Form.Item>
      <Form.Item label={t('flowDesigner.start.recallRule')}>
        <Select
          value={p.recallRule ?? 'start'}
          onChange={(recallRule: StartProperties['recallRule']) => patch({ recallRule })}
          options={RECALL_RULES.map((v) => ({ value: v, label: t(`flowDesigner.recallRule.${v}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('flowDesigner.start.defaultEmptyPolicy')}>
        <Select<EmptyPolicy>
          value={p.defaultEmptyPolicy ?? 'admin'}
          onChange={(defaultEmptyPolicy) => patch({ defaultEmptyPolicy })}
          options={EMPTY_POLICIES.filter((v) => v !== 'users').map((v) => ({
            value: v,
            label: t(`flowDesigner.emptyPolicy.${v}`),
          }))}
        />
      </Form.Item>
      <div className={styles.row}>
        <Switch size="small" checked={!!p.allowComments} onChange={(allowComments) => patch({ allowComments })} />
        {t('flowDesigner.start.allowComments')}
      </div>
      <div className={styles.row}>
        <Switch size="small" checked={!!p.requireSign} onChange={(requireSign) => patch({ requireSign })} />
        {t('flowDesigner.start.requireSign')}
      </div>
    </>
  );
  return (
    <Tabs
      items={[
        { key: 'settings', label: t('flowDesigner.tabs.start'), children: settings },
        {
          key: 'fields',
          label: t('flowDesigner.tabs.fields'),
          children: (
            <FormOperatesTable value={p.formOperates} onChange={(formOperates) => patch({ formOperates })} writable />
          ),
        },
      ]}
    />
  );
}
