import { amountInWords } from '@atrium/shared';
import { Alert, Button, Divider, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { getNavigator } from '../../../router/navigation.ts';
import styles from '../form-runtime.module.css';
import { formatNumber } from './inputs.tsx';
import { ReadOnlyText } from './read-only.tsx';
import { prop, type WidgetProps } from './types.ts';

/** The designer stores CSS with its property names ('font-size'); React wants them camel-cased. */
export function cssOf(style: Record<string, unknown> | undefined): CSSProperties {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(style ?? {})) out[k.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = v;
  return out as CSSProperties;
}

export function TextElement({ field }: WidgetProps) {
  return (
    <div className={styles.staticText} style={cssOf(prop(field, 'textStyle', {}))}>
      {prop(field, 'content', '')}
    </div>
  );
}

export function AlertElement({ field }: WidgetProps) {
  const type = prop<'success' | 'info' | 'warning' | 'error'>(field, 'type', 'info');
  return (
    <Alert
      type={type}
      title={prop(field, 'title', '')}
      description={prop<string | undefined>(field, 'description', undefined) || undefined}
      showIcon={prop(field, 'showIcon', false)}
      closable={prop(field, 'closable', false)}
    />
  );
}

/**
 * A link: the same-window target opens the address inside the shell (the external-link page, the
 * address encoded); the new-window target opens a new window.
 */
export function LinkElement({ field }: WidgetProps) {
  const href = prop(field, 'href', '');
  const target = prop<'_self' | '_blank'>(field, 'target', '_self');
  const text = prop(field, 'content', '') || href;
  const open = (e: React.MouseEvent) => {
    e.preventDefault();
    if (!href) return;
    if (target === '_blank') window.open(href, '_blank', 'noopener,noreferrer');
    else getNavigator().navigate(linkRoute(href));
  };
  return (
    <Typography.Link href={href || undefined} onClick={open} style={cssOf(prop(field, 'textStyle', {}))}>
      {text}
    </Typography.Link>
  );
}

export const linkRoute = (href: string) => `/externalLink?url=${encodeURIComponent(href)}`;

export function ButtonElement({ field, disabled, onChange }: WidgetProps) {
  const align = prop<'left' | 'center' | 'right'>(field, 'align', 'left');
  return (
    <div style={{ textAlign: align }}>
      <Button
        type={prop<'primary' | 'default' | 'dashed' | 'link' | 'text'>(
          field,
          'type',
          prop(field, 'buttonType', 'primary'),
        )}
        disabled={disabled}
        // a button holds no value: the renderer turns this into the field's click event
        onClick={() => onChange(undefined)}
      >
        {prop(field, 'buttonText', '')}
      </Button>
    </div>
  );
}

export function GroupTitleElement({ field }: WidgetProps) {
  const align = prop<'left' | 'center' | 'right'>(field, 'contentPosition', 'left');
  return (
    <div className={styles.groupTitle} style={{ textAlign: align }}>
      {prop(field, 'content', '') || field.__config__.label}
    </div>
  );
}

export function DividerElement({ field }: WidgetProps) {
  const content = prop(field, 'content', '');
  const position = prop<'left' | 'center' | 'right'>(field, 'contentPosition', 'center');
  return (
    <Divider titlePlacement={position === 'left' ? 'start' : position === 'right' ? 'end' : 'center'}>
      {content || undefined}
    </Divider>
  );
}

/** The calculated value (kept current by the store), with thousands and the amount in words when configured. */
export function CalculateElement({ field, value, id }: WidgetProps) {
  const precision = prop<number>(field, 'precision', 2);
  const text = formatNumber(value ?? 0, precision, prop(field, 'thousands', false));
  const words = prop(field, 'isAmountChinese', false) ? amountInWords(Number(value ?? 0)) : '';
  return (
    <div id={id}>
      <ReadOnlyText text={text} />
      {words && <div className={styles.hint}>{words}</div>}
    </div>
  );
}

/** Kinds the server fills (creator, times, organisation, bill number): shown, never typed. */
export function SystemElement({ field, value, id }: WidgetProps) {
  const { t } = useTranslation();
  const key = field.__config__.jnpfKey;
  const text =
    typeof value === 'number' && (key === 'createTime' || key === 'modifyTime')
      ? new Date(value).toLocaleString()
      : value === undefined || value === null || value === ''
        ? key === 'billRule'
          ? t('formRuntime.billRuleAuto')
          : t('formRuntime.systemAuto')
        : String(value);
  return <ReadOnlyText id={id} text={text} />;
}
