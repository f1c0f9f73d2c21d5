import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, InputNumber, Radio, Spin, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaTexts } from '../../../locales/index.ts';
import { Has } from '../../../access/has.tsx';
import { sysConfigApi, type SysConfig } from '../../../api/sys-config.ts';
import { feedback } from '../../../app/feedback.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { IconUpload } from './icon-upload.tsx';
import styles from './sys-config.module.css';

const KEY = ['system', 'sysConfig'] as const;

/** Which tab shows which settings. */
const TAB_FIELDS: Record<string, (keyof SysConfig)[]> = {
  basic: ['sysName', 'title', 'sysVersion', 'companyName', 'copyright', 'logoIcon', 'navigationIcon', 'loginIcon'],
  security: [
    'tokenTimeout',
    'singleLogin',
    'passwordErrorsNumber',
    'lockType',
    'lockTime',
    'enableVerificationCode',
    'verificationCodeNumber',
  ],
  upload: ['uploadMaxSize', 'uploadExtensions'],
  dataInterface: ['dataInterfaceHosts'],
};

/** 0/1 settings shown as a switch. */
const flagProps = {
  getValueProps: (v: number | undefined) => ({ checked: v === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

/** Extensions as the server accepts them: letters and digits, separated by commas, spaces or semicolons. */
const EXTENSIONS = /^\s*\.?[A-Za-z0-9]{1,10}(\s*[,;\s]\s*\.?[A-Za-z0-9]{1,10})*\s*[,;]?\s*$/;
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

/** This screen's texts ship in chunks of their own (loaded by the page registry before it renders). */
export const texts: AreaTexts = {
  'zh-CN': () => import('../../../locales/areas/sys-config/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/sys-config/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/sys-config/en-US.ts'),
};

/**
 * System settings (system/sysConfig): basic (names, logos, copyright), security (session timeout,
 * single sign-in, lockout, captcha), uploads, and the hosts data interfaces may call. One form
 * across the tabs; saving sends it whole and the shell shows the new name and logo at once.
 */
export default function SysConfigPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SysConfig>();
  const [saving, setSaving] = useState(false);
  const [activeTab, setActiveTab] = useState('basic');
  const queryClient = useQueryClient();
  const { data, isFetching, isError, refetch } = useQuery({ queryKey: KEY, queryFn: sysConfigApi.get });
  const lockType = Form.useWatch('lockType', form);
  const captcha = Form.useWatch('enableVerificationCode', form);

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  async function save() {
    let values: SysConfig;
    try {
      values = await form.validateFields();
    } catch (error) {
      // Show the tab holding the first invalid field, else its message stays out of sight.
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      const tab = Object.keys(TAB_FIELDS).find((key) => TAB_FIELDS[key]!.some((field) => field === first));
      if (tab) setActiveTab(tab);
      return;
    }
    setSaving(true);
    try {
      const res = await sysConfigApi.save(values);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('sysConfig.saved'));
      if (res.data) {
        queryClient.setQueryData(KEY, res.data);
        const { title, sysName, sysVersion, logoIcon, loginIcon, navigationIcon, copyright, companyName } = res.data;
        // The shell (title, logo, about dialog) reads these from the signed-in session.
        useSessionStore.setState({
          sysConfigInfo: { title, sysName, sysVersion, logoIcon, loginIcon, navigationIcon, copyright, companyName },
        });
      }
    } catch {
      // The request wrapper has shown the server's reason (it names the field).
    } finally {
      setSaving(false);
    }
  }

  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('admin.required', { field: label }),
  });
  const number = (name: keyof SysConfig, min: number, max: number, unit?: string) => (
    <Form.Item
      name={name}
      label={t(`sysConfig.${name}`)}
      rules={[{ required: true, message: t('admin.required', { field: t(`sysConfig.${name}`) }) }]}
    >
      <InputNumber
        min={min}
        max={max}
        precision={0}
        addonAfter={unit}
        style={{ width: 220 }}
        data-testid={`sys-${name}`}
      />
    </Form.Item>
  );

  const tabs = [
    {
      key: 'basic',
      label: t('sysConfig.basic'),
      children: (
        <>
          <Form.Item name="sysName" label={t('sysConfig.sysName')} rules={[required(t('sysConfig.sysName'))]}>
            <Input maxLength={50} data-testid="sys-sysName" />
          </Form.Item>
          <Form.Item name="title" label={t('sysConfig.title')} rules={[required(t('sysConfig.title'))]}>
            <Input maxLength={50} data-testid="sys-title" />
          </Form.Item>
          <Form.Item name="sysVersion" label={t('sysConfig.sysVersion')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="companyName" label={t('sysConfig.companyName')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="copyright" label={t('sysConfig.copyright')}>
            <Input maxLength={200} data-testid="sys-copyright" />
          </Form.Item>
          <Form.Item name="logoIcon" label={t('sysConfig.logoIcon')}>
            <IconUpload data-testid="sys-logoIcon" />
          </Form.Item>
          <Form.Item name="navigationIcon" label={t('sysConfig.navigationIcon')}>
            <IconUpload data-testid="sys-navigationIcon" />
          </Form.Item>
          <Form.Item name="loginIcon" label={t('sysConfig.loginIcon')}>
            <IconUpload data-testid="sys-loginIcon" />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'security',
      label: t('sysConfig.security'),
      children: (
        <>
          {number('tokenTimeout', 5, 43_200, t('sysConfig.minutes'))}
          <Form.Item name="singleLogin" label={t('sysConfig.singleLogin')}>
            <Radio.Group
              options={[
                { value: 1, label: t('sysConfig.singleLoginOne') },
                { value: 2, label: t('sysConfig.singleLoginMany') },
              ]}
            />
          </Form.Item>
          {number('passwordErrorsNumber', 1, 100, t('sysConfig.times'))}
          <Form.Item name="lockType" label={t('sysConfig.lockType')}>
            <Radio.Group
              options={[
                { value: 1, label: t('sysConfig.lockTypeAdmin') },
                { value: 2, label: t('sysConfig.lockTypeTimed') },
              ]}
            />
          </Form.Item>
          <div hidden={lockType !== 2}>{number('lockTime', 1, 1440, t('sysConfig.minutes'))}</div>
          <Form.Item name="enableVerificationCode" label={t('sysConfig.enableVerificationCode')} {...flagProps}>
            <Switch data-testid="sys-enableVerificationCode" />
          </Form.Item>
          <div hidden={captcha !== 1}>{number('verificationCodeNumber', 3, 8)}</div>
        </>
      ),
    },
    {
      key: 'upload',
      label: t('sysConfig.upload'),
      children: (
        <>
          {number('uploadMaxSize', 1, 2048, 'MB')}
          <Form.Item
            name="uploadExtensions"
            label={t('sysConfig.uploadExtensions')}
            extra={t('sysConfig.uploadExtensionsHint')}
            rules={[
              required(t('sysConfig.uploadExtensions')),
              { pattern: EXTENSIONS, message: t('sysConfig.extensionsFormat') },
            ]}
          >
            <Input.TextArea rows={3} maxLength={1000} data-testid="sys-uploadExtensions" />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'dataInterface',
      label: t('sysConfig.dataInterface'),
      children: (
        <Form.Item
          name="dataInterfaceHosts"
          label={t('sysConfig.dataInterfaceHosts')}
          extra={t('sysConfig.dataInterfaceHostsHint')}
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                const hosts = (v ?? '').split(/[\s,;]+/).filter(Boolean);
                if (!hosts.every((h) => HOST.test(h))) throw new Error(t('sysConfig.hostsFormat'));
              },
            },
          ]}
        >
          <Input.TextArea
            rows={8}
            maxLength={5000}
            placeholder="api.example.com"
            data-testid="sys-dataInterfaceHosts"
          />
        </Form.Item>
      ),
    },
  ];

  if (isError && !data)
    return (
      <div className={styles.page} data-testid="sys-config-page">
        <Empty description={t('admin.loadFailed')}>
          <Button onClick={() => void refetch()}>{t('admin.retry')}</Button>
        </Empty>
      </div>
    );

  return (
    <div className={styles.page} data-testid="sys-config-page">
      <Spin spinning={isFetching && !data}>
        {/* Inputs grow from a zero basis: a long hint wraps in its column instead of pushing the input below its label. */}
        <Form<SysConfig>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '160px' }}
          wrapperCol={{ flex: '1 1 0' }}
          className={styles.form}
        >
          {/* Every tab stays mounted: a field on a tab not yet opened is still validated and saved. */}
          <Tabs
            activeKey={activeTab}
            onChange={setActiveTab}
            items={tabs.map((tab) => ({ ...tab, forceRender: true }))}
            data-testid="sys-config-tabs"
          />
        </Form>
        <Has code="btn_edit">
          <div className={styles.actions}>
            <Button
              type="primary"
              loading={saving}
              disabled={!data}
              onClick={() => void save()}
              data-testid="sys-config-save"
            >
              {t('sysConfig.save')}
            </Button>
          </div>
        </Has>
      </Spin>
    </div>
  );
}
