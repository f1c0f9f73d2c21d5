import { CloseCircleFilled } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReadOnlyText } from './read-only.tsx';
import { prop, type WidgetProps } from './types.ts';
import styles from '../form-runtime.module.css';

// The browser's own colour dialog, not antd's ColorPicker: antd's colour presets module is also
// imported by its Button styles, so using the antd picker anywhere would put the picker and its
// Collapse into every page that shows a button, the sign-in page included.

const HEX = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i;

/** Colour as a hex string: #rrggbb, or #rrggbbaa when the designer allows transparency. */
export function ColorInput({ field, value, onChange, disabled, readOnly, id }: WidgetProps) {
  const { t } = useTranslation();
  const alpha = prop(field, 'showAlpha', false);
  const text = typeof value === 'string' ? value : '';
  if (readOnly) return <ReadOnlyText id={id} text={text} />;
  const match = HEX.exec(text);
  const rgb = match ? `#${match[1]!.toLowerCase()}` : '#1677ff';
  const opacity = match?.[2] ? Math.round((parseInt(match[2], 16) / 255) * 100) : 100;
  const emit = (nextRgb: string, nextOpacity: number) =>
    onChange(
      alpha && nextOpacity < 100
        ? `${nextRgb}${Math.round((nextOpacity / 100) * 255)
            .toString(16)
            .padStart(2, '0')}`
        : nextRgb,
    );
  return (
    <Space.Compact>
      <label className={styles.colorField} aria-disabled={disabled}>
        <span className={styles.colorSwatch} style={{ background: text || 'transparent' }} />
        <span>{text || t('formRuntime.noColour')}</span>
        <input
          id={id}
          type="color"
          className={styles.colorNative}
          aria-label={t('formRuntime.pickColour')}
          value={rgb}
          disabled={disabled}
          onChange={(e) => emit(e.target.value, opacity)}
        />
      </label>
      {alpha && (
        <InputNumber
          min={0}
          max={100}
          suffix="%"
          style={{ width: 90 }}
          aria-label={t('formRuntime.opacity')}
          value={opacity}
          disabled={disabled || !text}
          onChange={(next) => emit(rgb, typeof next === 'number' ? next : 100)}
        />
      )}
      {text && !disabled && (
        <Button icon={<CloseCircleFilled />} aria-label={t('formRuntime.clearColour')} onClick={() => onChange('')} />
      )}
    </Space.Compact>
  );
}
