import { QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../store.ts';
import styles from '../form-runtime.module.css';
import { BARCODE_TEXT, code128Bars } from './code128.ts';
import { prop, type WidgetProps } from './types.ts';

/** The text a code shows: static text, another field's value, or (QR only) the form's own identity. */
function useCodeText(props: WidgetProps): string {
  const { field, store, formInfo } = props;
  const dataType = prop<'static' | 'relation' | 'form'>(field, 'dataType', 'static');
  const relation = prop(field, 'relationField', '');
  const related = useFormField(store, relation || '\u0000');
  if (dataType === 'relation')
    return related.value === undefined || related.value === null ? '' : String(related.value);
  if (dataType === 'form') {
    // the dynamic payload a mobile client reads to open this record (t = DFD, 'dynamic form data')
    return JSON.stringify({
      t: 'DFD',
      id: formInfo?.recordId ?? '',
      mid: formInfo?.modelId ?? '',
      mt: 2,
      fid: formInfo?.flowId ?? '',
      pid: '',
      ftid: '',
      opt: 1,
    });
  }
  return prop(field, 'staticText', '');
}

/** Code 128 barcode drawn as SVG; text other than letters and digits is not rendered. */
export function BarcodeElement(props: WidgetProps) {
  const { t } = useTranslation();
  const text = useCodeText(props);
  const { field, id } = props;
  const width = prop(field, 'width', 4);
  const height = prop(field, 'height', 40);
  const margin = 5;
  const color = prop(field, 'lineColor', '#000000');
  const background = prop(field, 'background', '#ffffff');
  if (!text)
    return (
      <div id={id} className={styles.hint}>
        {t('formRuntime.barcodeEmpty')}
      </div>
    );
  if (!BARCODE_TEXT.test(text))
    return (
      <div id={id} className={styles.error}>
        {t('formRuntime.barcodeInvalid')}
      </div>
    );
  const { bars, modules } = code128Bars(text);
  // modules are drawn `width / 2` px wide so the default 4 gives a readable 2px module
  const unit = Math.max(1, width / 2);
  const w = modules * unit + margin * 2;
  const h = height + margin * 2 + 14;
  return (
    <svg
      id={id}
      role="img"
      aria-label={text}
      data-barcode={text}
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      style={{ maxWidth: '100%', background }}
    >
      {bars.map(([x, bw]) => (
        <rect key={x} x={margin + x * unit} y={margin} width={bw * unit} height={height} fill={color} />
      ))}
      <text x={w / 2} y={h - 3} textAnchor="middle" fontSize={12} fill={color}>
        {text}
      </text>
    </svg>
  );
}

/** The QR code's default size (px) and the smallest it is drawn; correction level L. */
export const QR_DEFAULT_SIZE = 40;
const QR_MIN_SIZE = 40;

export function QrcodeElement(props: WidgetProps) {
  const { t } = useTranslation();
  const text = useCodeText(props);
  const { field, id } = props;
  if (!text)
    return (
      <div id={id} className={styles.hint}>
        {t('formRuntime.qrcodeEmpty')}
      </div>
    );
  return (
    <div id={id} data-qrcode={text}>
      <QRCode
        value={text}
        size={Math.max(QR_MIN_SIZE, prop(field, 'width', QR_DEFAULT_SIZE))}
        color={prop(field, 'colorDark', '#000000')}
        bgColor={prop(field, 'colorLight', '#ffffff')}
        errorLevel="L"
        bordered={false}
      />
    </div>
  );
}
