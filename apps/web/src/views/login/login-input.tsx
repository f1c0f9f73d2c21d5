import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './login-input.module.css';

interface LoginInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'type'> {
  prefix: ReactNode;
  invalid?: boolean;
  /** A password field with a show/hide toggle. */
  secret?: boolean;
}

/**
 * The sign-in page's text field, drawn like antd's large input with the theme's variables. antd's
 * Input brings its form context and text area along: a quarter of the page's download for two boxes.
 */
export function LoginInput({ prefix, invalid, secret, className, ...input }: LoginInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const classes = [styles.box, invalid ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <span className={styles.prefix} aria-hidden>
        {prefix}
      </span>
      <input
        {...input}
        className={styles.input}
        type={secret && !shown ? 'password' : 'text'}
        aria-invalid={invalid || undefined}
      />
      {secret && (
        <button
          type="button"
          className={styles.toggle}
          aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
