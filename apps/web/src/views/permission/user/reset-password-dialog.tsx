import { patterns, md5Hex } from '@atrium/shared';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import { validValues } from '../../../components/admin/index.ts';
import { userApi } from '../../../api/permission.ts';

interface Props {
  user: { id: string; account: string; realName: string } | null;
  onClose: () => void;
}

/** Sets a new password for a user; only its md5 leaves the browser (the server stores argon2id of it). */
export function ResetPasswordDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);

  async function onOk() {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const res = await userApi.resetPassword(user!.id, md5Hex(values.password));
      void feedback().message.success(res.msg || t('admin.saved'));
      onClose();
    } catch {
      // Shown by the wrapper.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={!!user}
      title={`${t('user.resetPassword')} - ${user?.realName ?? ''}/${user?.account ?? ''}`}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      data-testid="reset-password-dialog"
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="password"
          label={t('user.newPassword')}
          extra={t('user.passwordRule')}
          rules={[
            { required: true, message: t('admin.required', { field: t('user.newPassword') }) },
            {
              validator: async (_, v?: string) => {
                if (v && !patterns.password.test(v)) throw new Error(t('user.passwordRule'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('user.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('admin.required', { field: t('user.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: async (_, v?: string) => {
                if (v && v !== getFieldValue('password')) throw new Error(t('user.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
