import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SCHEME_OPS, type SchemeField, type SchemeOp } from '@atrium/shared';
import { Button, Empty, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { newRowKey, NO_VALUE_OPS, VARIABLE_OPS, variablesFor, type RuleRow } from './scheme-rules.ts';
import styles from './menu.module.css';

const OP_LABEL: Record<SchemeOp, string> = {
  '=': 'opEq',
  '<>': 'opNe',
  '>': 'opGt',
  '>=': 'opGe',
  '<': 'opLt',
  '<=': 'opLe',
  like: 'opLike',
  notLike: 'opNotLike',
  in: 'opIn',
  notIn: 'opNotIn',
  null: 'opNull',
  notNull: 'opNotNull',
};

/** The label of a scheme field: a known name, else the field itself. */
export function useFieldLabel() {
  const { t, i18n } = useTranslation();
  return (field: string) =>
    i18n.exists(`authorize.fieldNames.${field}`) ? `${t(`authorize.fieldNames.${field}`)} (${field})` : field;
}

interface Props {
  value?: RuleRow[];
  onChange?: (rows: RuleRow[]) => void;
  fields: SchemeField[];
  disabled?: boolean;
}

/**
 * Rows of `field op value` for a data scheme. The value is typed, or one of the system variables
 * that fit the field ('current user', 'current organisation and below', ...).
 */
export function RuleEditor({ value = [], onChange, fields, disabled }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const set = (key: string, patch: Partial<RuleRow>) =>
    onChange?.(value.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <div className={styles.rules} data-testid="rule-editor">
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />}
      {value.map((row, index) => {
        const field = fields.find((f) => f.field === row.field);
        const variables = variablesFor(field);
        const canUseVariable = variables.length > 0 && VARIABLE_OPS.includes(row.op);
        const noValue = NO_VALUE_OPS.includes(row.op);
        const valueOptions = [
          { value: '', label: t('authorize.literal') },
          ...variables.map((v) => ({ value: v, label: t(`authorize.${v}`) })),
        ];
        return (
          <div className={styles.rule} key={row.key} data-testid={`rule-${index}`}>
            <Select
              className={styles.ruleField}
              style={{ width: 160 }}
              value={row.field || undefined}
              placeholder={t('authorize.field')}
              disabled={disabled}
              options={fields.map((f) => ({ value: f.field, label: label(f.field) }))}
              onChange={(fieldName: string) => set(row.key, { field: fieldName, mode: 'literal', value: '' })}
              aria-label={t('authorize.field')}
            />
            <Select
              className={styles.ruleOp}
              style={{ width: 110 }}
              value={row.op}
              disabled={disabled}
              options={SCHEME_OPS.map((op) => ({ value: op, label: t(`authorize.${OP_LABEL[op]}`) }))}
              onChange={(op: SchemeOp) =>
                set(
                  row.key,
                  VARIABLE_OPS.includes(op)
                    ? { op }
                    : { op, mode: 'literal', value: row.mode === 'variable' ? '' : row.value },
                )
              }
              aria-label={t('authorize.op')}
            />
            {!noValue && (
              <Space.Compact className={styles.ruleValue} style={{ flex: 1, minWidth: 140 }}>
                {canUseVariable && (
                  <Select
                    className={styles.ruleMode}
                    style={{ width: row.mode === 'variable' ? '100%' : 110 }}
                    value={row.mode === 'variable' ? row.value : ''}
                    disabled={disabled}
                    options={valueOptions}
                    popupMatchSelectWidth={false}
                    onChange={(v: string) =>
                      set(row.key, v ? { mode: 'variable', value: v } : { mode: 'literal', value: '' })
                    }
                    aria-label={t('authorize.value')}
                  />
                )}
                {row.mode === 'literal' && (
                  <Input
                    value={row.value}
                    disabled={disabled}
                    placeholder={
                      row.op === 'in' || row.op === 'notIn' ? t('authorize.valueHint') : t('authorize.value')
                    }
                    onChange={(e) => set(row.key, { value: e.target.value })}
                    aria-label={t('authorize.value')}
                  />
                )}
              </Space.Compact>
            )}
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={disabled}
              aria-label={t('admin.remove')}
              onClick={() => onChange?.(value.filter((r) => r.key !== row.key))}
            />
          </div>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || fields.length === 0}
        onClick={() =>
          onChange?.([
            ...value,
            { key: newRowKey(), field: fields[0]?.field ?? '', op: '=', mode: 'literal', value: '' },
          ])
        }
        data-testid="rule-add"
      >
        {t('authorize.addRule')}
      </Button>
    </div>
  );
}
