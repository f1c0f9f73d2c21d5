import { Button, DatePicker, Form, Input, Select, Space, Tag, type FormInstance, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeApi, NoticeState, type NoticeForm, type NoticeItem } from '../../../api/message.ts';
import { Has } from '../../../access/has.tsx';
import { askConfirm, feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  DataTable,
  FormDialog,
  SearchBar,
  Toolbar,
  usePagedList,
  removeWithConfirm,
} from '../../../components/admin/index.ts';
import i18n, { type AreaTexts } from '../../../locales/index.ts';
import { NoticeEditor } from './notice-editor.tsx';
import { AttachmentsField } from './attachments-field.tsx';
import { RecipientsField, type Recipients } from './recipients-field.tsx';
import { modeOf } from './recipients.ts';
import styles from './notice.module.css';
import { confirmReplaceBody, NoticeTemplateBar } from './notice-templates.tsx';

/** The template texts ship in chunks of their own (loaded by the page registry before it renders). */
export const texts: AreaTexts = {
  'zh-CN': () => import('../../../locales/areas/notice-template/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/notice-template/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/notice-template/en-US.ts'),
};

const KEY = ['message', 'notice'] as const;
type Filters = { state: number | '' };

/** The dialog's values: the form of the API with the recipients as the field edits them. */
interface NoticeValues {
  title: string;
  bodyText: string;
  files: string;
  expireTime: number | null;
  recipients: Recipients;
}

const STATE_COLORS: Record<number, string> = {
  [NoticeState.draft]: 'default',
  [NoticeState.released]: 'success',
  [NoticeState.expired]: 'warning',
};

/** Asks before a release: it sends the notice to every recipient and cannot be undone. */
function confirmRelease(): Promise<boolean> {
  return askConfirm(i18n.t('message.release'), i18n.t('message.releaseConfirm'));
}

function toBody(values: NoticeValues): NoticeForm {
  return {
    title: values.title.trim(),
    bodyText: values.bodyText,
    files: values.files || '[]',
    expireTime: values.expireTime ?? null,
    toUserIds: values.recipients.mode === 'everyone' ? [] : values.recipients.ids,
  };
}

/**
 * The notice body with the template actions above it: a template fills the body (after asking, when
 * there is one already) and the title when it is still empty; the body can be kept as a template.
 */
function NoticeBodyField({ form }: { form: FormInstance<NoticeValues> }) {
  const { t } = useTranslation();
  const body = Form.useWatch('bodyText', form) ?? '';
  const title = Form.useWatch('title', form) ?? '';
  return (
    <Form.Item label={t('message.body')} required>
      <div className={styles.templateBar}>
        <NoticeTemplateBar
          body={body}
          title={title}
          onUse={async (template) => {
            if (form.getFieldValue('bodyText') && !(await confirmReplaceBody())) return;
            form.setFieldsValue({ bodyText: template.content });
            if (!String(form.getFieldValue('title') ?? '').trim()) form.setFieldsValue({ title: template.fullName });
            void form.validateFields(['bodyText']).catch(() => undefined);
          }}
        />
      </div>
      <Form.Item name="bodyText" noStyle rules={[{ required: true, message: t('message.bodyRequired') }]}>
        <NoticeEditor data-testid="notice-body" />
      </Form.Item>
    </Form.Item>
  );
}

/**
 * Notice administration (menu msgCenter/notice): drafts are written with rich text and recipients,
 * released (with a confirmation) to everyone or to chosen organisations, roles or users, and show as
 * expired after their expiry. Buttons follow btn_add / btn_edit / btn_remove / btn_release.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const list = usePagedList<NoticeItem, Filters>({
    queryKey: KEY,
    fetch: (query) => noticeApi.list(query),
    initialFilters: { state: '' },
  });
  const [state, setState] = useState<number | ''>('');
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const { reload } = list;

  const stateLabel = (value: number) =>
    value === NoticeState.released
      ? t('message.released')
      : value === NoticeState.expired
        ? t('message.expired')
        : t('message.draft');
  const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

  async function release(row: NoticeItem) {
    if (!(await confirmRelease())) return;
    try {
      const res = await noticeApi.release(row.id);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('message.releaseDone'));
    } catch {
      // Shown by the request wrapper (already released, expired...).
    }
    reload();
  }

  const columns: TableColumnsType<NoticeItem> = [
    // The title takes what the other columns leave, so the list fits beside the menu at 1280 px and
    // the fixed actions column covers nothing: a scrolled table's last columns would lie under it.
    { key: 'title', dataIndex: 'title', title: t('message.noticeTitle'), ellipsis: true, minWidth: 120 },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('message.state'),
      width: 80,
      render: (v: number) => (
        <Tag color={STATE_COLORS[v] ?? 'default'} data-testid="notice-state">
          {stateLabel(v)}
        </Tag>
      ),
    },
    {
      key: 'expireTime',
      dataIndex: 'expireTime',
      title: t('message.expirationTime'),
      width: 140,
      render: (v: number | null) => (v ? time(v) : t('message.noExpiry')),
    },
    { key: 'releaseUser', dataIndex: 'releaseUser', title: t('message.releaseUser'), width: 130 },
    { key: 'releaseTime', dataIndex: 'releaseTime', title: t('message.releaseTime'), width: 140, render: time },
    // Mostly the sender again: shown on wide screens only, so the rest fits at 1280 px in every language.
    {
      key: 'creatorUser',
      dataIndex: 'creatorUser',
      title: t('message.creatorUser'),
      width: 130,
      responsive: ['xxl'],
    },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('admin.creatorTime'), width: 140, render: time },
    actionsColumn<NoticeItem>(
      t,
      (row) => (
        <Space size={0}>
          {row.state === NoticeState.draft && (
            <Has code="btn_edit">
              <Button type="link" size="small" onClick={() => setDialog({ id: row.id })} data-testid="notice-edit">
                {t('admin.edit')}
              </Button>
            </Has>
          )}
          {row.state === NoticeState.draft && (
            <Has code="btn_release">
              <Button type="link" size="small" onClick={() => void release(row)} data-testid="notice-release">
                {t('message.release')}
              </Button>
            </Has>
          )}
          <Has code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => void removeWithConfirm(() => noticeApi.remove(row.id), reload)}
              data-testid="notice-remove"
            >
              {t('admin.remove')}
            </Button>
          </Has>
        </Space>
      ),
      170,
    ),
  ];

  const id = dialog?.id;
  return (
    <AdminPage data-testid="notice-page">
      <SearchBar
        onSearch={list.search}
        onReset={() => {
          setState('');
          list.filter({ state: '' });
          list.search('');
        }}
      >
        <Select<number | ''>
          value={state}
          onChange={(v) => {
            setState(v);
            list.filter({ state: v });
          }}
          style={{ width: 130 }}
          data-testid="notice-state-filter"
          options={[
            { value: '', label: t('message.anyState') },
            { value: NoticeState.draft, label: t('message.draft') },
            { value: NoticeState.released, label: t('message.released') },
            { value: NoticeState.expired, label: t('message.expired') },
          ]}
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid="notice-add">
          {t('message.addNotice')}
        </AddButton>
      </Toolbar>
      <DataTable<NoticeItem> {...list.table} columns={columns} data-testid="notice-table" />
      <FormDialog<NoticeValues>
        open={!!dialog}
        width={900}
        title={t(id ? 'message.editNotice' : 'message.addNotice')}
        load={
          id
            ? async () => {
                const detail = await noticeApi.info(id);
                return {
                  title: detail.title,
                  bodyText: detail.bodyText,
                  files: detail.files,
                  expireTime: detail.expireTime,
                  recipients: { mode: modeOf(detail.toUserIds ?? []), ids: detail.toUserIds ?? [] },
                  version: detail.version,
                };
              }
            : undefined
        }
        initialValues={id ? undefined : { recipients: { mode: 'everyone', ids: [] }, files: '[]', bodyText: '' }}
        submit={(values, version) =>
          id ? noticeApi.update(id, { ...toBody(values), version }) : noticeApi.create(toBody(values))
        }
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        {(form) => (
          <>
            <Form.Item
              name="title"
              label={t('message.noticeTitle')}
              rules={[{ required: true, whitespace: true, message: t('message.noticeTitleRequired') }, { max: 100 }]}
            >
              <Input maxLength={100} data-testid="notice-title" />
            </Form.Item>
            <Form.Item
              name="recipients"
              label={t('message.recipients')}
              rules={[
                {
                  validator: async (_, value: Recipients | undefined) => {
                    if (value && value.mode !== 'everyone' && !value.ids.length)
                      throw new Error(t('message.recipientsRequired'));
                  },
                },
              ]}
            >
              <RecipientsField />
            </Form.Item>
            <Form.Item
              name="expireTime"
              label={t('message.expirationTime')}
              getValueProps={(v: number | null) => ({ value: v ? dayjs(v) : null })}
              normalize={(d: Dayjs | null) => (d ? d.valueOf() : null)}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={t('message.noExpiry')}
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                data-testid="notice-expire"
              />
            </Form.Item>
            <NoticeBodyField form={form} />
            <Form.Item name="files" label={t('message.attachments')}>
              <AttachmentsField />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </AdminPage>
  );
}
