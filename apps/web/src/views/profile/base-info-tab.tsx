import { EditOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Form, Input, Radio, Skeleton, Space, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBaseInfo, setAvatar, updateBaseInfo, type BaseInfo, type BaseInfoForm } from '../../api/current-user.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarUrl, uploadUserAvatar } from '../../api/file.ts';
import { useSessionStore } from '../../stores/session.ts';
import styles from './profile.module.css';
import { patternRule } from './rules.ts';
import { feedback } from '../../app/feedback.ts';

export const BASE_INFO_KEY = ['current-user', 'base-info'] as const;

const formatTime = (time: number | null | undefined) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '-');

function toForm(info: BaseInfo): BaseInfoForm {
  return {
    realName: info.realName ?? '',
    gender: info.gender ?? null,
    mobilePhone: info.mobilePhone ?? '',
    email: info.email ?? '',
    description: info.description ?? '',
  };
}

/** Reloads CurrentUser so the navbar and lock screen show the new name and avatar. */
function refreshCurrentUser() {
  useSessionStore
    .getState()
    .loadCurrentUser()
    .catch(() => {});
}

function AvatarEditor({ headIcon, onChanged }: { headIcon: string; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = feedback();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('profile.base.avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('profile.base.avatarSize'));
      return;
    }
    const local = URL.createObjectURL(file);
    setPreview(local);
    setBusy(true);
    try {
      const { data } = await uploadUserAvatar(file);
      if (!data?.name) throw new Error('no name');
      const { msg } = await setAvatar(data.name);
      void message.success(msg || t('profile.saved'));
      onChanged();
    } catch {
      // The wrapper has shown why; the old avatar stays.
      setPreview(null);
    } finally {
      URL.revokeObjectURL(local);
      setBusy(false);
    }
  }

  return (
    <div className={styles.avatarRow}>
      <Avatar size={80} src={preview ?? avatarUrl(headIcon)} icon={<UserOutlined />} data-testid="avatar-preview" />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          // The upload is ours (the request wrapper adds the token); antd must not post it itself.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="avatar-upload">
          {t('profile.base.changeAvatar')}
        </Button>
      </Upload>
      <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('profile.base.avatarHint')}</span>
    </div>
  );
}

export function BaseInfoTab() {
  const { t } = useTranslation();
  const { message } = feedback();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<BaseInfoForm>();
  const { data: info, isPending } = useQuery({
    queryKey: BASE_INFO_KEY,
    queryFn: async () => (await getBaseInfo()).data ?? null,
  });

  if (isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (!info) return null;

  async function save(values: BaseInfoForm) {
    setSaving(true);
    try {
      const body: BaseInfoForm = {
        realName: values.realName.trim(),
        gender: values.gender ?? null,
        mobilePhone: (values.mobilePhone ?? '').trim(),
        email: (values.email ?? '').trim(),
        description: values.description ?? '',
      };
      const { msg } = await updateBaseInfo(body);
      void message.success(msg || t('profile.saved'));
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: BASE_INFO_KEY });
      refreshCurrentUser();
    } catch {
      // The wrapper has shown the server's reason; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  }

  const onAvatarChanged = () => {
    void queryClient.invalidateQueries({ queryKey: BASE_INFO_KEY });
    refreshCurrentUser();
  };

  const genderText = info.gender === 1 ? t('profile.base.male') : info.gender === 2 ? t('profile.base.female') : '-';

  return (
    <div>
      <AvatarEditor headIcon={info.headIcon} onChanged={onAvatarChanged} />
      {editing ? (
        <Form<BaseInfoForm>
          form={form}
          layout="vertical"
          className={styles.formNarrow}
          initialValues={toForm(info)}
          onFinish={(values) => void save(values)}
          data-testid="base-info-form"
          requiredMark
        >
          <Form.Item
            name="realName"
            label={t('profile.base.realName')}
            rules={[
              { required: true, whitespace: true, message: t('profile.base.realNameRequired') },
              { max: 50, message: t('profile.validation.realNameMax') },
              patternRule('fullName', t),
            ]}
          >
            <Input maxLength={50} data-testid="base-realName" />
          </Form.Item>
          <Form.Item name="gender" label={t('profile.base.gender')}>
            <Radio.Group
              options={[
                { value: 1, label: t('profile.base.male') },
                { value: 2, label: t('profile.base.female') },
              ]}
            />
          </Form.Item>
          <Form.Item name="mobilePhone" label={t('profile.base.mobilePhone')} rules={[patternRule('mobile', t)]}>
            <Input inputMode="tel" data-testid="base-mobilePhone" />
          </Form.Item>
          <Form.Item name="email" label={t('profile.base.email')} rules={[patternRule('email', t)]}>
            <Input inputMode="email" data-testid="base-email" />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('profile.base.description')}
            rules={[{ max: 500, message: t('profile.validation.descriptionMax') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="base-description" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="base-save">
              {t('profile.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <>
          <Descriptions
            data-testid="base-info-view"
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'account', label: t('profile.base.account'), children: info.account },
              { key: 'realName', label: t('profile.base.realName'), children: info.realName },
              { key: 'gender', label: t('profile.base.gender'), children: genderText },
              { key: 'mobilePhone', label: t('profile.base.mobilePhone'), children: info.mobilePhone || '-' },
              { key: 'email', label: t('profile.base.email'), children: info.email || '-' },
              { key: 'organize', label: t('profile.base.organize'), children: info.organizeName || '-' },
              { key: 'department', label: t('profile.base.department'), children: info.departmentName || '-' },
              { key: 'position', label: t('profile.base.position'), children: info.positionName || '-' },
              { key: 'role', label: t('profile.base.role'), children: info.roleName || '-' },
              { key: 'manager', label: t('profile.base.manager'), children: info.managerName || '-' },
              { key: 'creatorTime', label: t('profile.base.creatorTime'), children: formatTime(info.creatorTime) },
              {
                key: 'lastLoginTime',
                label: t('profile.base.lastLoginTime'),
                children: formatTime(info.lastLoginTime),
              },
              {
                key: 'description',
                label: t('profile.base.description'),
                span: 'filled',
                children: info.description || '-',
              },
            ]}
          />
          <Button
            type="primary"
            icon={<EditOutlined />}
            style={{ marginTop: 16 }}
            onClick={() => setEditing(true)}
            data-testid="base-edit"
          >
            {t('profile.edit')}
          </Button>
        </>
      )}
    </div>
  );
}
