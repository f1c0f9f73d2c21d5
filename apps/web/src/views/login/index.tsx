import type { Envelope } from '@atrium/shared';
import { md5Hex } from '@atrium/shared';
import { CloseCircleFilled, InfoCircleOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getLoginConfig, imageCodeUrl } from '../../api/oauth.ts';
import logoUrl from '../../assets/logo.svg';
import { safeRedirect } from '../../router/navigation.ts';
import { DEFAULT_SYS_NAME } from '../../app/constants.ts';
import { useSessionStore } from '../../stores/session.ts';
import { LoginInput } from './login-input.tsx';
import styles from './login.module.css';

// The sign-in page is the first download of every visitor: of antd it uses the button only, with its
// own inputs, tab strip, field messages and error box instead of Input, Tabs, Form, Typography, Alert.

interface Captcha {
  length: number;
  /** Key of the captcha on the server; changing it loads a new image. */
  timestamp: number;
}

type Field = 'account' | 'password' | 'code';

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

function NotEnabled({ text }: { text: string }) {
  return (
    <p className={styles.notEnabled} role="note">
      <InfoCircleOutlined className={styles.notEnabledIcon} />
      {text}
    </p>
  );
}

/** A field with its message below: the error when there is one, else the hint. */
function FieldRow({ error, hint, children }: { error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {children}
      {error ? (
        <div className={styles.fieldError} role="alert">
          {error}
        </div>
      ) : (
        hint && <div className={styles.fieldHint}>{hint}</div>
      )}
    </div>
  );
}

function PasswordLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useSessionStore((s) => s.login);
  const [values, setValues] = useState<Record<Field, string>>({ account: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [capsLock, setCapsLock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The account whose sign-in config was asked for, and the answer (shared by blur and submit).
  const checked = useRef<{ account: string; captcha: Promise<Captcha | null> } | null>(null);

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function fetchCaptcha(account: string): Promise<Captcha | null> {
    try {
      const { data } = await getLoginConfig(account);
      return data?.enableVerificationCode ? { length: data.verificationCodeNumber || 4, timestamp: Date.now() } : null;
    } catch {
      // The wrapper has shown why; sign-in can still be tried and the server will insist on a code.
      return null;
    }
  }

  async function loadConfig(rawAccount: string): Promise<Captcha | null> {
    const account = rawAccount.trim();
    if (!account) return null;
    if (checked.current?.account !== account) {
      const captcha = fetchCaptcha(account);
      checked.current = { account, captcha };
      void captcha.then((next) => {
        if (checked.current?.account === account) setCaptcha(next);
      });
    }
    return checked.current.captcha;
  }

  function refreshCaptcha() {
    if (!captcha) return;
    const next = { ...captcha, timestamp: Date.now() };
    if (checked.current) checked.current.captcha = Promise.resolve(next);
    setCaptcha(next);
    setValues((v) => ({ ...v, code: '' }));
  }

  function onPasswordKey(event: KeyboardEvent<HTMLInputElement>) {
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  }

  function validate(needsCode: boolean): boolean {
    const found: Partial<Record<Field, string>> = {};
    if (!values.account.trim()) found.account = t('login.accountRequired');
    if (!values.password) found.password = t('login.passwordRequired');
    if (needsCode && !values.code.trim()) found.code = t('login.codeRequired');
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !validate(captcha !== null)) return;
    setError(null);
    const needed = await loadConfig(values.account);
    // The captcha appeared only now: let the user fill it in.
    if (needed && !values.code.trim()) return;
    setSubmitting(true);
    try {
      await login({
        account: values.account.trim(),
        password: md5Hex(values.password),
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
    <form onSubmit={(event) => void onSubmit(event)} autoComplete="on" className={styles.form} noValidate>
      <FieldRow error={errors.account} hint={t('login.subAccountHint')}>
        <LoginInput
          data-testid="login-account"
          name="account"
          invalid={!!errors.account}
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          value={values.account}
          onChange={(event) => change('account', event.target.value)}
          onBlur={(event) => void loadConfig(event.target.value)}
        />
      </FieldRow>
      <FieldRow
        error={errors.password}
        hint={
          capsLock ? (
            <span className={styles.capsLock} data-testid="login-capslock">
              {t('login.capsLock')}
            </span>
          ) : undefined
        }
      >
        <LoginInput
          secret
          data-testid="login-password"
          name="password"
          invalid={!!errors.password}
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          onKeyDown={onPasswordKey}
          onKeyUp={onPasswordKey}
          onBlur={() => setCapsLock(false)}
        />
      </FieldRow>
      {captcha && (
        <FieldRow error={errors.code}>
          <div className={styles.captcha}>
            <LoginInput
              data-testid="login-code"
              name="code"
              invalid={!!errors.code}
              prefix={<SafetyOutlined />}
              placeholder={t('login.codePlaceholder')}
              maxLength={captcha.length}
              autoComplete="off"
              value={values.code}
              onChange={(event) => change('code', event.target.value)}
            />
            <img
              data-testid="login-captcha"
              className={styles.captchaImage}
              src={imageCodeUrl(captcha.length, captcha.timestamp)}
              alt={t('login.captchaAlt')}
              title={t('login.refreshCode')}
              onClick={refreshCaptcha}
            />
          </div>
        </FieldRow>
      )}
      <Button
        size="large"
        data-testid="login-submit"
        type="primary"
        htmlType="submit"
        block
        loading={submitting}
        className={styles.submit}
      >
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
      {error && (
        <div className={styles.error} data-testid="login-error" role="alert">
          <CloseCircleFilled className={styles.errorIcon} />
          {error}
        </div>
      )}
    </form>
  );
}

type Method = 'password' | 'scan' | 'sms';

export default function LoginPage() {
  const { t } = useTranslation();
  const sysConfig = useSessionStore((s) => s.sysConfigInfo);
  const sysName = sysConfig?.sysName || DEFAULT_SYS_NAME;
  const logo = sysConfig?.loginIcon || sysConfig?.logoIcon || logoUrl;
  const [method, setMethod] = useState<Method>('password');
  const methods: { key: Method; label: string }[] = [
    { key: 'password', label: t('login.accountTab') },
    { key: 'scan', label: t('login.scanTab') },
    { key: 'sms', label: t('login.smsTab') },
  ];

  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <img src={logo} alt={sysName} className={styles.logo} />
          <h1 className={styles.title}>{sysName}</h1>
        </div>
        <p className={styles.welcome}>{t('login.welcome')}</p>
        <div className={styles.tabs} role="tablist">
          {methods.map((m) => (
            <button
              key={m.key}
              type="button"
              role="tab"
              id={`login-tab-${m.key}`}
              aria-selected={method === m.key}
              aria-controls="login-method"
              className={method === m.key ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              onClick={() => setMethod(m.key)}
            >
              {m.label}
            </button>
          ))}
        </div>
        <div id="login-method" role="tabpanel" aria-labelledby={`login-tab-${method}`}>
          {method === 'password' && <PasswordLogin />}
          {method === 'scan' && <NotEnabled text={t('login.scanNotEnabled')} />}
          {method === 'sms' && <NotEnabled text={t('login.smsNotEnabled')} />}
        </div>
        {sysConfig?.copyright && <p className={styles.copyright}>{sysConfig.copyright}</p>}
      </main>
    </div>
  );
}
