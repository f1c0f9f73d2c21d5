import {
  BILL_DATE_FORMATS,
  BILL_MAX_DIGIT,
  billNumberExample,
  type BillDateFormat,
  type BillRuleForm,
} from '@atrium/shared';
import { Alert, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_TYPE } from '../../../components/bill-rule-template-dialog/index.ts';
import { DictionarySelect } from '../../../components/dictionary-select/index.ts';
import { NameField, RecordFields } from '../../../components/admin/fields.tsx';

/** The example of the rule as typed so far, or '' while a part is missing or invalid. */
export function exampleOf(values: Partial<BillRuleForm>, at: number): string {
  const { dateFormat, digit, startNumber } = values;
  if (!dateFormat || !BILL_DATE_FORMATS.includes(dateFormat) || !digit || !/^\d+$/.test(startNumber ?? '')) return '';
  if (Number(startNumber) <= 0) return '';
  return billNumberExample({ prefix: values.prefix ?? '', dateFormat, digit, startNumber: startNumber! }, at);
}

/**
 * The bill rule form: name, code, category, the parts of the number with a live example of the
 * first number, and the record fields. Once the rule has issued numbers (it has an outputNumber)
 * the parts are read-only, as the server requires.
 */
export function BillRuleFields({ form }: { form: FormInstance<BillRuleForm> }) {
  const { t } = useTranslation();
  const values = Form.useWatch([], form) as Partial<BillRuleForm> | undefined;
  const outputNumber = Form.useWatch('outputNumber', { form, preserve: true }) as string | undefined;
  const issued = !!outputNumber;
  const example = exampleOf(values ?? {}, Date.now());
  const dateLabel = (f: BillDateFormat) => (f === 'no' ? t('billRule.dateNone') : f);

  return (
    <>
      {issued && <Alert type="info" showIcon title={t('billRule.issuedHint')} style={{ marginBottom: 16 }} />}
      <NameField label={t('billRule.fullName')} />
      <Form.Item
        name="enCode"
        label={t('billRule.enCode')}
        rules={[
          { required: true, whitespace: true, message: t('admin.required', { field: t('billRule.enCode') }) },
          { pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: t('billRule.enCodeFormat') },
        ]}
      >
        <Input maxLength={50} disabled={issued} data-testid="bill-rule-encode" />
      </Form.Item>
      <Form.Item name="category" label={t('billRule.category')}>
        <DictionarySelect typeCode={BUSINESS_TYPE} data-testid="bill-rule-category" />
      </Form.Item>
      <Form.Item
        name="prefix"
        label={t('billRule.prefix')}
        rules={[{ pattern: /^[A-Za-z0-9_\-/.]*$/, message: t('billRule.prefixFormat') }]}
      >
        <Input maxLength={20} disabled={issued} data-testid="bill-rule-prefix" />
      </Form.Item>
      <Form.Item
        name="dateFormat"
        label={t('billRule.dateFormat')}
        rules={[{ required: true, message: t('admin.requiredSelect', { field: t('billRule.dateFormat') }) }]}
      >
        <Select
          disabled={issued}
          options={BILL_DATE_FORMATS.map((f) => ({ value: f, label: dateLabel(f) }))}
          data-testid="bill-rule-date-format"
        />
      </Form.Item>
      <Form.Item
        name="digit"
        label={t('billRule.digit')}
        rules={[{ required: true, message: t('admin.required', { field: t('billRule.digit') }) }]}
      >
        <InputNumber min={1} max={BILL_MAX_DIGIT} precision={0} disabled={issued} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="startNumber"
        label={t('billRule.startNumber')}
        dependencies={['digit']}
        rules={[
          { required: true, whitespace: true, message: t('admin.required', { field: t('billRule.startNumber') }) },
          {
            validator: async (_, v: string | undefined) => {
              if (v && !(/^\d{1,12}$/.test(v) && Number(v) > 0)) throw new Error(t('billRule.startNumberFormat'));
            },
          },
          ({ getFieldValue }) => ({
            validator: async (_, v: string | undefined) => {
              const digit = getFieldValue('digit') as number | undefined;
              if (v && digit && /^\d+$/.test(v) && String(Number(v)).length > digit)
                throw new Error(t('billRule.startNumberDigit'));
            },
          }),
        ]}
      >
        <Input maxLength={12} disabled={issued} data-testid="bill-rule-start" />
      </Form.Item>
      <Form.Item label={t('billRule.example')}>
        <span data-testid="bill-rule-example">{example || '—'}</span>
      </Form.Item>
      <RecordFields />
    </>
  );
}
