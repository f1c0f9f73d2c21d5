import { md5Hex } from '@atrium/shared';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modifyPassword } from '../../api/current-user.ts';
import styles from './profile.module.css';
import { patternRule } from './rules.ts';
import { feedback } from '../../app/feedback.ts';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirm: string;
}

/**
 * Password change. The 6-16 letters-and-digits rule is checked here: the server only sees md5s.
 * Success ends the user's other sessions on the server; this one stays signed in.
 */
export function PasswordTab() {
  const { t } = useTranslation();
  const { modal } = feedback();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  async function save(values: PasswordForm) {
    setSaving(true);
    try {
      const { msg } = await modifyPassword(md5Hex(values.oldPassword), md5Hex(values.password));
      form.resetFields();
      void modal.success({
        title: msg || t('profile.saved'),
        content: t('profile.password.success'),
        okText: t('common.ok'),
      });
    } catch {
      // Wrong old password: the wrapper has shown '原密码错误'; the fields stay for a retry.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      className={styles.formNarrow}
      onFinish={(values) => void save(values)}
      data-testid="password-form"
      autoComplete="off"
    >
      <Form.Item
        name="oldPassword"
        label={t('profile.password.old')}
        rules={[{ required: true, message: t('profile.password.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('profile.password.new')}
        extra={t('profile.validation.password')}
        rules={[{ required: true, message: t('profile.password.newRequired') }, patternRule('password', t)]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('profile.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('profile.password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
        {t('profile.save')}
      </Button>
    </Form>
  );
}
