import type { BillRuleTemplate } from '@atrium/shared';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressPicker } from '../area-picker/index.ts';
import { BillRuleTemplateDialog } from '../bill-rule-template-dialog/index.ts';
import { DictionarySelect } from '../dictionary-select/index.ts';
import type { PickerWidgetProps } from './user-select.tsx';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Province/city/district (level 0 province .. 3 street, default 2), one path or several as tags. */
export function AreaPicker({ field, value, onChange, disabled, readOnly, id }: PickerWidgetProps) {
  const level = typeof field.level === 'number' ? field.level : 2;
  return (
    <AddressPicker
      id={id}
      value={Array.isArray(value) ? (value as string[]) : null}
      onChange={onChange}
      multiple={!!field.multiple}
      level={level}
      placeholder={field.placeholder}
      disabled={disabled || readOnly}
      allowClear={field.clearable !== false}
      style={{ width: '100%' }}
    />
  );
}

/** A dictionary's items by the field's dictionary type; stores the item id (or enCode when configured). */
export function DictionaryPicker({ field, value, onChange, disabled, readOnly, id }: PickerWidgetProps) {
  const typeId = text(field.__config__?.dictionaryType) || text(field.dictionaryType);
  return (
    <DictionarySelect
      id={id}
      typeId={typeId}
      value={value as string | string[] | null}
      onChange={onChange}
      multiple={!!field.multiple}
      valueField={field.valueField === 'enCode' ? 'enCode' : 'id'}
      placeholder={field.placeholder}
      disabled={disabled || readOnly}
      allowClear={field.clearable !== false}
      style={{ width: '100%' }}
    />
  );
}

/**
 * The business-number template picker: the chosen bill rule's code, picked in the template
 * dialog (business categories, keyword, name, code and serial start).
 */
export function BillRulePicker({ field, value, onChange, disabled, readOnly, id }: PickerWidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<BillRuleTemplate | null>(null);
  const code = text(value);
  const shown = picked && picked.enCode === code ? `${picked.fullName} (${code})` : code;
  if (readOnly) return <span>{shown}</span>;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={shown}
          placeholder={field.placeholder || t('pickers.placeholder')}
          disabled={disabled}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="bill-rule-picker-open">
          {t('pickers.choose')}
        </Button>
      </Space.Compact>
      <BillRuleTemplateDialog
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(template) => {
          setPicked(template);
          onChange(template.enCode);
        }}
      />
    </>
  );
}
