/** The form-level settings: layout, how the form opens, its buttons, data options and scripts. */
import type { FormFuncs } from '@atrium/shared/forms';
import { Collapse, Form, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner, useDesignerStore } from './context.tsx';
import { PrintTemplateSelect } from './pickers.tsx';
import { CodeEditor } from './prop-editors.tsx';
import type { FormSettings } from './tree.ts';
import styles from './form-designer.module.css';

function Toggle({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Form.Item
      label={label}
      extra={hint}
      layout="horizontal"
      labelAlign="left"
      labelCol={{ flex: '1 1 auto' }}
      wrapperCol={{ flex: 'none' }}
      colon={false}
    >
      {children}
    </Form.Item>
  );
}

/** Common widths of the form's window, and the design's own when it is another. */
function widthChoices(popupType: string, current: string): string[] {
  const common =
    popupType === 'fullScreen'
      ? ['800px', '1000px', '1200px', '1400px', '100%']
      : ['600px', '800px', '1000px', '1200px', '1400px', '100%'];
  return current && !common.includes(current) ? [current, ...common] : common;
}

export function SettingsPanel() {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const s = useDesigner((state) => state.doc.settings);
  const set = (patch: Partial<FormSettings>) => store.getState().setSettings(patch);
  const text = (key: keyof FormSettings) => (typeof s[key] === 'string' ? (s[key] as string) : '');
  const setFunc = (key: keyof FormFuncs, value: string | undefined) => {
    const funcs = { ...s.funcs, [key]: value };
    if (value === undefined) delete funcs[key];
    set({ funcs });
  };
  const size = s.size === 'mini' ? 'small' : s.size === 'medium' || s.size === 'default' || !s.size ? 'middle' : s.size;
  const popupType = s.popupType ?? 'general';
  const widthKey =
    popupType === 'fullScreen' ? 'fullScreenWidth' : popupType === 'drawer' ? 'drawerWidth' : 'generalWidth';

  const items = [
    {
      key: 'layout',
      label: t('formDesigner.settings.layout'),
      children: (
        <>
          <Form.Item label={t('formDesigner.settings.size')}>
            <Segmented
              block
              value={size}
              onChange={(v) => set({ size: v as FormSettings['size'] })}
              options={(['large', 'middle', 'small'] as const).map((k) => ({
                value: k,
                label: t(`formDesigner.settings.sizes.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('formDesigner.settings.labelPosition')}>
            <Segmented
              block
              value={s.labelPosition ?? 'right'}
              onChange={(v) => set({ labelPosition: v as FormSettings['labelPosition'] })}
              options={(['left', 'right', 'top'] as const).map((k) => ({
                value: k,
                label: t(`formDesigner.settings.labelPositions.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('formDesigner.settings.labelWidth')} htmlFor="fd-labelWidth">
            <InputNumber
              id="fd-labelWidth"
              min={0}
              max={600}
              value={s.labelWidth ?? 100}
              suffix="px"
              style={{ width: '100%' }}
              onChange={(v) => set({ labelWidth: v ?? undefined })}
            />
          </Form.Item>
          <Form.Item label={t('formDesigner.settings.gutter')} htmlFor="fd-gutter">
            <InputNumber
              id="fd-gutter"
              min={0}
              max={100}
              value={s.gutter ?? 15}
              suffix="px"
              style={{ width: '100%' }}
              onChange={(v) => set({ gutter: v ?? undefined })}
            />
          </Form.Item>
          <Toggle label={t('formDesigner.settings.disabled')}>
            <Switch size="small" checked={s.disabled === true} onChange={(v) => set({ disabled: v })} />
          </Toggle>
        </>
      ),
    },
    {
      key: 'popup',
      label: t('formDesigner.settings.popup'),
      children: (
        <>
          <Form.Item label={t('formDesigner.settings.popupType')}>
            <Select
              value={popupType}
              onChange={(v) => set({ popupType: v })}
              options={(['general', 'fullScreen', 'drawer'] as const).map((k) => ({
                value: k,
                label: t(`formDesigner.settings.popupTypes.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t(`formDesigner.settings.${widthKey}`)} htmlFor="fd-popup-width">
            <Select
              id="fd-popup-width"
              value={text(widthKey) || undefined}
              onChange={(v) => set({ [widthKey]: v })}
              options={widthChoices(popupType, text(widthKey)).map((w) => ({ value: w, label: w }))}
            />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'buttons',
      label: t('formDesigner.settings.buttons'),
      children: (
        <>
          <Toggle label={t('formDesigner.settings.hasConfirmBtn')}>
            <Switch size="small" checked={s.hasConfirmBtn !== false} onChange={(v) => set({ hasConfirmBtn: v })} />
          </Toggle>
          {s.hasConfirmBtn !== false && (
            <Form.Item label={t('formDesigner.settings.confirmButtonText')} htmlFor="fd-confirmText">
              <Input
                id="fd-confirmText"
                value={text('confirmButtonText')}
                onChange={(e) => set({ confirmButtonText: e.target.value || undefined })}
              />
            </Form.Item>
          )}
          <Toggle label={t('formDesigner.settings.hasCancelBtn')}>
            <Switch size="small" checked={s.hasCancelBtn !== false} onChange={(v) => set({ hasCancelBtn: v })} />
          </Toggle>
          {s.hasCancelBtn !== false && (
            <Form.Item label={t('formDesigner.settings.cancelButtonText')} htmlFor="fd-cancelText">
              <Input
                id="fd-cancelText"
                value={text('cancelButtonText')}
                onChange={(e) => set({ cancelButtonText: e.target.value || undefined })}
              />
            </Form.Item>
          )}
          <Toggle label={t('formDesigner.settings.hasPrintBtn')}>
            <Switch size="small" checked={s.hasPrintBtn === true} onChange={(v) => set({ hasPrintBtn: v })} />
          </Toggle>
          {s.hasPrintBtn === true && (
            <>
              <Form.Item label={t('formDesigner.settings.printButtonText')} htmlFor="fd-printText">
                <Input
                  id="fd-printText"
                  value={text('printButtonText')}
                  onChange={(e) => set({ printButtonText: e.target.value || undefined })}
                />
              </Form.Item>
              <Form.Item
                label={t('formDesigner.settings.printId')}
                required
                validateStatus={s.printId ? undefined : 'warning'}
              >
                <PrintTemplateSelect value={s.printId} onChange={(v) => set({ printId: v })} />
              </Form.Item>
            </>
          )}
        </>
      ),
    },
    {
      key: 'data',
      label: t('formDesigner.settings.data'),
      children: (
        <>
          <Toggle
            label={t('formDesigner.settings.concurrencyLock')}
            hint={t('formDesigner.settings.concurrencyLockHint')}
          >
            <Switch size="small" checked={s.concurrencyLock === true} onChange={(v) => set({ concurrencyLock: v })} />
          </Toggle>
          <Toggle label={t('formDesigner.settings.logicalDelete')} hint={t('formDesigner.settings.logicalDeleteHint')}>
            <Switch size="small" checked={s.logicalDelete === true} onChange={(v) => set({ logicalDelete: v })} />
          </Toggle>
        </>
      ),
    },
    {
      key: 'scripts',
      label: t('formDesigner.settings.scripts'),
      children: (['onLoad', 'beforeSubmit', 'afterSubmit'] as const).map((key) => (
        <Form.Item key={key} label={t(`formDesigner.settings.${key}`)} htmlFor={`fd-func-${key}`}>
          <CodeEditor id={`fd-func-${key}`} value={s.funcs?.[key]} onChange={(v) => setFunc(key, v as string)} />
        </Form.Item>
      )),
    },
  ];

  return (
    <div className={styles.panelBody} data-testid="fd-form-settings">
      <Form layout="vertical" size="small" component="div">
        <Collapse size="small" ghost defaultActiveKey={['layout', 'popup', 'buttons', 'data']} items={items} />
      </Form>
    </div>
  );
}
