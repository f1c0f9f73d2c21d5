/**
 * What a field looks like on the canvas: its label and an inert look-alike of its widget. The real
 * widgets (lazy chunks, bound to a form store) would cost a form of a hundred fields far more than
 * the designer needs; the preview dialog renders the real thing.
 */
import { fieldOptions, kindOf, type FormField } from '@atrium/shared/forms';
import {
  BarcodeOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  DownOutlined,
  EnvironmentOutlined,
  PlusOutlined,
  QrcodeOutlined,
  SearchOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Button, Checkbox, Divider, Radio, Rate, Slider, Switch } from 'antd';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formulaText } from './formula.ts';
import styles from './form-designer.module.css';

function Fake({
  text,
  suffix,
  area,
  disabled,
}: {
  text?: string;
  suffix?: ReactNode;
  area?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className={[styles.fake, area && styles.fakeArea, disabled && styles.fakeDisabled].filter(Boolean).join(' ')}>
      <span>{text}</span>
      {suffix && <span className={styles.fakeSuffix}>{suffix}</span>}
    </div>
  );
}

/** Text styles are saved with CSS names (`font-size`); React takes them camel-cased. */
function styleOf(value: unknown): CSSProperties | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      v,
    ]),
  ) as CSSProperties;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The widget look-alike of a data field. */
function Widget({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const kind = field.__config__.jnpfKey;
  const placeholder = str(field.placeholder);
  const source = field.__config__.dataType;
  const options = fieldOptions(field);
  const sourceText =
    source === 'dictionary' || source === 'dynamic' ? t(`formDesigner.choices.${source}`) : placeholder;
  switch (kind) {
    case 'textarea':
      return <Fake text={placeholder} area />;
    case 'switch':
      return <Switch size="small" checked={field.__config__.defaultValue === (field.activeValue ?? 1)} />;
    case 'radio':
      return source && source !== 'static' ? (
        <Fake text={sourceText} />
      ) : (
        <Radio.Group
          value={field.__config__.defaultValue}
          optionType={field.optionType === 'button' ? 'button' : 'default'}
          options={options.map((o) => ({ value: o.id, label: o.fullName }))}
        />
      );
    case 'checkbox':
      return source && source !== 'static' ? (
        <Fake text={sourceText} />
      ) : (
        <Checkbox.Group
          value={Array.isArray(field.__config__.defaultValue) ? field.__config__.defaultValue : []}
          options={options.map((o) => ({ value: o.id, label: o.fullName }))}
        />
      );
    case 'select':
    case 'cascader':
    case 'treeSelect':
      return <Fake text={sourceText} suffix={<DownOutlined />} />;
    case 'date':
    case 'dateRange':
      return <Fake text={placeholder || str(field.format)} suffix={<CalendarOutlined />} />;
    case 'time':
    case 'timeRange':
      return <Fake text={placeholder || str(field.format)} suffix={<ClockCircleOutlined />} />;
    case 'colorPicker':
      return <Fake text="#" suffix={<DownOutlined />} />;
    case 'rate':
      return <Rate count={Number(field.count) || 5} allowHalf={field.allowHalf === true} value={0} />;
    case 'slider':
      return <Slider min={Number(field.min) || 0} max={Number(field.max) || 100} value={Number(field.min) || 0} />;
    case 'editor':
      return (
        <div className={styles.editorBox}>
          <div className={styles.editorBar} />
        </div>
      );
    case 'uploadFz':
      return <Button icon={<UploadOutlined />}>{str(field.buttonText) || t('formDesigner.kinds.uploadFz')}</Button>;
    case 'uploadImg':
      return (
        <div className={styles.imageBox}>
          <PlusOutlined />
        </div>
      );
    case 'numRange':
      return (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Fake />
          <span className={styles.rangeSep}>~</span>
          <Fake />
        </div>
      );
    case 'calculate':
      return <Fake text={`= ${formulaText(field.expression)}`} />;
    case 'comSelect':
    case 'depSelect':
    case 'posSelect':
    case 'roleSelect':
    case 'groupSelect':
      return <Fake text={placeholder} suffix={<DownOutlined />} />;
    case 'userSelect':
    case 'usersSelect':
      return <Fake text={placeholder} suffix={<UserOutlined />} />;
    case 'address':
      return <Fake text={placeholder} suffix={<EnvironmentOutlined />} />;
    case 'billRule':
      return <Fake text={str(field.placeholder) || str(field.__config__.rule)} disabled />;
    case 'relationForm':
    case 'popupSelect':
    case 'popupTableSelect':
    case 'autoComplete':
      return <Fake text={placeholder} suffix={<SearchOutlined />} />;
    case 'relationFormAttr':
    case 'popupAttr':
      return <Fake text={str(field.showField)} disabled />;
    case 'createUser':
    case 'createTime':
    case 'modifyUser':
    case 'modifyTime':
    case 'currOrganize':
    case 'currDept':
    case 'currPosition':
      return <Fake text={t('formDesigner.canvas.auto')} disabled />;
    default:
      return <Fake text={placeholder} />;
  }
}

/** Static elements: they show their content and have no label of their own (barcodes aside). */
function StaticElement({ field }: { field: FormField }) {
  const kind = field.__config__.jnpfKey;
  switch (kind) {
    case 'groupTitle':
      return (
        <div className={styles.groupTitle} style={{ textAlign: (field.contentPosition as 'left') ?? 'left' }}>
          {str(field.content) || field.__config__.label}
        </div>
      );
    case 'divider':
      return (
        <div className={styles.staticBlock}>
          <Divider titlePlacement={(field.contentPosition as 'center') ?? 'center'}>{str(field.content)}</Divider>
        </div>
      );
    case 'JNPFText':
      return (
        <div className={styles.text} style={styleOf(field.textStyle)}>
          {str(field.content)}
        </div>
      );
    case 'link':
      return (
        <div className={styles.staticBlock}>
          <a>{str(field.content)}</a>
        </div>
      );
    case 'button':
      return (
        <div className={styles.staticBlock} style={{ textAlign: (field.align as 'left') ?? 'left' }}>
          <Button type={(field.type as 'default') || 'default'}>{str(field.buttonText)}</Button>
        </div>
      );
    case 'alert':
      return (
        <div className={styles.staticBlock}>
          <Alert
            type={(field.type as 'info') || 'info'}
            title={str(field.title)}
            description={str(field.description) || undefined}
            showIcon={field.showIcon === true}
          />
        </div>
      );
    default:
      return null;
  }
}

const LABELLED_STATIC = new Set(['barcode', 'qrcode']);
const UNLABELLED = new Set(['groupTitle', 'divider', 'JNPFText', 'link', 'button', 'alert']);

/** The preview of a field that holds no children. */
export const FieldPreview = memo(function FieldPreview({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const kind = field.__config__.jnpfKey;
  if (!kindOf(field)) {
    return <div className={styles.unknown}>{t('formDesigner.canvas.unknownKind', { kind: String(kind) })}</div>;
  }
  if (UNLABELLED.has(kind)) return <StaticElement field={field} />;
  const cfg = field.__config__;
  const showLabel = cfg.showLabel !== false;
  const control = LABELLED_STATIC.has(kind) ? (
    <div className={styles.codeBox}>{kind === 'barcode' ? <BarcodeOutlined /> : <QrcodeOutlined />}</div>
  ) : (
    <Widget field={field} />
  );
  return (
    <div className={styles.item}>
      {showLabel && (
        <div
          className={[styles.label, cfg.required && styles.required].filter(Boolean).join(' ')}
          style={cfg.labelWidth ? { flexBasis: cfg.labelWidth } : undefined}
          title={cfg.label}
        >
          {cfg.label}
        </div>
      )}
      <div className={styles.control}>{control}</div>
    </div>
  );
});
