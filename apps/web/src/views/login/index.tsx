import type { Envelope } from '@atrium/shared';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Result, Tabs, Typography } from 'antd';
import SparkMD5 from 'spark-md5';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getLoginConfig, imageCodeUrl } from '../../api/oauth.ts';
import logoUrl from '../../assets/logo.svg';
import { safeRedirect } from '../../router/navigation.ts';
import { DEFAULT_SYS_NAME } from '../../app/constants.ts';
import { useSessionStore } from '../../stores/session.ts';
import styles from './login.module.css';

interface LoginValues {
  account: string;
  password: string;
  code?: string;
}

interface Captcha {
  length: number;
  /** Key of the captcha on the server; changing it loads a new image. */
  timestamp: number;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

function NotEnabled({ text }: { text: string }) {
  return <Result status="info" subTitle={text} className={styles.notEnabled} />;
}

function PasswordLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useSessionStore((s) => s.login);
  const [form] = Form.useForm<LoginValues>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [capsLock, setCapsLock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Account whose sign-in config was fetched, and the answer, so blur + submit ask only once.
  const checked = useRef<{ account: string; captcha: Captcha | null } | null>(null);

  async function loadConfig(rawAccount: string): Promise<Captcha | null> {
    const account = rawAccount.trim();
    if (!account) return null;
    if (checked.current?.account === account) return checked.current.captcha;
    let next: Captcha | null = null;
    try {
      const { data } = await getLoginConfig(account);
      if (data?.enableVerificationCode) next = { length: data.verificationCodeNumber || 4, timestamp: Date.now() };
    } catch {
      // The wrapper has shown why; sign-in can still be tried and the server will insist on a code.
    }
    checked.current = { account, captcha: next };
    setCaptcha(next);
    return next;
  }

  function refreshCaptcha() {
    if (!captcha) return;
    const next = { ...captcha, timestamp: Date.now() };
    if (checked.current) checked.current.captcha = next;
    setCaptcha(next);
    form.setFieldValue('code', '');
  }

  function onPasswordKey(event: KeyboardEvent<HTMLInputElement>) {
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  }

  async function onFinish(values: LoginValues) {
    setError(null);
    const needed = await loadConfig(values.account);
    if (needed && !values.code) {
      // The captcha appeared only now: let the user fill it in.
      return;
    }
    setSubmitting(true);
    try {
      await login({
        account: values.account.trim(),
        password: SparkMD5.hash(values.password),
        code: needed ? values.code : undefined,
        timestamp: needed ? needed.timestamp : undefined,
      });
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (failure) {
      const text =
        typeof failure === 'string'
          ? failure
          : isEnvelope(failure) && failure.msg
            ? failure.msg
            : t('request.defaultError');
      setError(text);
      refreshCaptcha();
      setSubmitting(false);
    }
  }

  return (
    <Form<LoginValues> form={form} onFinish={onFinish} size="large" autoComplete="on" className={styles.form}>
      <Form.Item
        name="account"
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
        extra={t('login.subAccountHint')}
      >
        <Input
          data-testid="login-account"
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          onBlur={(event) => void loadConfig(event.target.value)}
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[{ required: true, message: t('login.passwordRequired') }]}
        extra={
          capsLock ? (
            <Typography.Text type="warning" data-testid="login-capslock">
              {t('login.capsLock')}
            </Typography.Text>
          ) : undefined
        }
      >
        <Input.Password
          data-testid="login-password"
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          onKeyDown={onPasswordKey}
          onKeyUp={onPasswordKey}
          onBlur={() => setCapsLock(false)}
        />
      </Form.Item>
      {captcha && (
        <Form.Item required className={styles.captchaRow}>
          <div className={styles.captcha}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
            >
              <Input
                data-testid="login-code"
                prefix={<SafetyOutlined />}
                placeholder={t('login.codePlaceholder')}
                maxLength={captcha.length}
                autoComplete="off"
              />
            </Form.Item>
            <img
              data-testid="login-captcha"
              className={styles.captchaImage}
              src={imageCodeUrl(captcha.length, captcha.timestamp)}
              alt={t('login.captchaAlt')}
              title={t('login.refreshCode')}
              onClick={refreshCaptcha}
            />
          </div>
        </Form.Item>
      )}
      <Form.Item>
        <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form.Item>
      {error && <Alert data-testid="login-error" type="error" showIcon title={error} />}
    </Form>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const sysConfig = useSessionStore((s) => s.sysConfigInfo);
  const sysName = sysConfig?.sysName || DEFAULT_SYS_NAME;
  const logo = sysConfig?.loginIcon || sysConfig?.logoIcon || logoUrl;

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <img src={logo} alt={sysName} className={styles.logo} />
          <Typography.Title level={3} className={styles.title}>
            {sysName}
          </Typography.Title>
        </div>
        <Typography.Paragraph type="secondary" className={styles.welcome}>
          {t('login.welcome')}
        </Typography.Paragraph>
        <Tabs
          centered
          tabBarGutter={20}
          defaultActiveKey="password"
          items={[
            { key: 'password', label: t('login.accountTab'), children: <PasswordLogin /> },
            { key: 'scan', label: t('login.scanTab'), children: <NotEnabled text={t('login.scanNotEnabled')} /> },
            { key: 'sms', label: t('login.smsTab'), children: <NotEnabled text={t('login.smsNotEnabled')} /> },
          ]}
        />
        {sysConfig?.copyright && (
          <Typography.Paragraph type="secondary" className={styles.copyright}>
            {sysConfig.copyright}
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
