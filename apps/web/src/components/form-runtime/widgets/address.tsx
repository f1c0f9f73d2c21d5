import { AddressPicker } from '../../area-picker/index.ts';
import { prop, type WidgetProps } from './types.ts';

/** The address kind: the shared province/city/district picker at the designer's level. */
export function AddressWidget({ field, value, onChange, disabled, readOnly, id }: WidgetProps) {
  return (
    <AddressPicker
      id={id}
      value={Array.isArray(value) ? (value as string[]) : null}
      onChange={(v) => onChange(v)}
      multiple={prop(field, 'multiple', false)}
      level={prop(field, 'level', 2)}
      placeholder={field.placeholder}
      disabled={disabled || readOnly}
      allowClear={field.clearable !== false}
      style={{ width: '100%' }}
    />
  );
}
