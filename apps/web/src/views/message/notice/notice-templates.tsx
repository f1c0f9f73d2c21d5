import { Button, Form, Input, Modal, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeTemplateApi, type NoticeTemplate } from '../../../api/message.ts';
import { Has } from '../../../access/has.tsx';
import { askConfirm, feedback } from '../../../app/feedback.ts';
import { removeWithConfirm } from '../../../components/admin/index.ts';
import { SelectDialog } from '../../../components/select-dialog/index.ts';
import styles from './notice.module.css';
import i18n from '../../../locales/index.ts';

/** Asks before a template replaces a body the writer has already started. */
export function confirmReplaceBody(): Promise<boolean> {
  return askConfirm(i18n.t('noticeTemplate.replaceBodyTitle'), i18n.t('noticeTemplate.replaceBodyConfirm'));
}

interface PickProps {
  open: boolean;
  onClose: () => void;
  /** The chosen template; the dialog closes after it. */
  onSelect: (template: NoticeTemplate) => void;
}

/**
 * The notice templates in the shared record picker: newest first, 20 a page, by a keyword in the
 * name or the text. One may be deleted here with btn_remove.
 */
export function NoticeTemplateDialog({ open, onClose, onSelect }: PickProps) {
  const { t } = useTranslation();
  const [reloadKey, setReloadKey] = useState(0);

  const columns: TableColumnsType<NoticeTemplate> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('noticeTemplate.templateName') },
    {
      key: 'excerpt',
      dataIndex: 'excerpt',
      title: t('noticeTemplate.templateContent'),
      // The picker's table is as wide as its content: the text is cut here, shown whole on hover.
      render: (v: string) => (
        <span className={styles.excerpt} title={v}>
          {v}
        </span>
      ),
    },
    { key: 'creatorUser', dataIndex: 'creatorUser', title: t('message.creatorUser') },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('admin.creatorTime'),
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, row) => (
        <Has code="btn_remove">
          <Button
            type="link"
            size="small"
            danger
            data-testid="notice-template-remove"
            onClick={(event) => {
              event.stopPropagation();
              void removeWithConfirm(
                () => noticeTemplateApi.remove(row.id),
                () => setReloadKey((k) => k + 1),
              );
            }}
          >
            {t('admin.remove')}
          </Button>
        </Has>
      ),
    },
  ];

  return (
    <SelectDialog<NoticeTemplate>
      open={open}
      container="dialog"
      width={860}
      title={t('noticeTemplate.useTemplate')}
      rowKey="id"
      columns={columns}
      reloadKey={reloadKey}
      fetchRecords={async (query) => {
        const page = await noticeTemplateApi.list(query);
        return { list: page.list, total: page.pagination.total };
      }}
      onConfirm={([template]) => {
        if (template) onSelect(template);
        onClose();
      }}
      onCancel={onClose}
      data-testid="notice-template-dialog"
    />
  );
}

interface SaveProps {
  /** The body to save, or null while the dialog is closed. */
  content: string | null;
  /** The name offered first: the notice's title. */
  defaultName: string;
  onClose: () => void;
}

/** Asks for a name and saves the notice's body under it; the server's refusal (a name in use) is shown. */
export function SaveTemplateDialog({ content, defaultName, onClose }: SaveProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ fullName: string }>();
  const [saving, setSaving] = useState(false);
  const open = content !== null;

  useEffect(() => {
    if (open) form.setFieldsValue({ fullName: defaultName.trim().slice(0, 50) });
  }, [open, defaultName, form]);

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values || content === null) return;
    setSaving(true);
    try {
      await noticeTemplateApi.create({ fullName: values.fullName.trim(), content });
      void feedback().message.success(t('noticeTemplate.templateSaved'));
      onClose();
    } catch {
      // Shown by the request wrapper (a name already in use...).
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('noticeTemplate.saveAsTemplate')}
      width={420}
      destroyOnHidden
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'notice-template-save-ok' }}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void save()}>
        <Form.Item
          name="fullName"
          label={t('noticeTemplate.templateName')}
          rules={[{ required: true, whitespace: true, message: t('noticeTemplate.templateNameRequired') }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="notice-template-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface BarProps {
  /** The notice body in the form. */
  body: string;
  title: string;
  onUse: (template: NoticeTemplate) => void;
}

/** The two template actions over the notice body: fill it from a template, or keep it as one. */
export function NoticeTemplateBar({ body, title, onUse }: BarProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  return (
    <>
      <Space size={4}>
        <Button size="small" onClick={() => setPicking(true)} data-testid="notice-template-use">
          {t('noticeTemplate.useTemplate')}
        </Button>
        <Button
          size="small"
          disabled={!body}
          title={body ? undefined : t('noticeTemplate.saveTemplateNeedsBody')}
          onClick={() => setSaving(body)}
          data-testid="notice-template-save"
        >
          {t('noticeTemplate.saveAsTemplate')}
        </Button>
      </Space>
      <NoticeTemplateDialog open={picking} onClose={() => setPicking(false)} onSelect={onUse} />
      <SaveTemplateDialog content={saving} defaultName={title} onClose={() => setSaving(null)} />
    </>
  );
}
