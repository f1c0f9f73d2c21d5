import type { MessageTemplateForm, MessageTemplateRow } from '@atrium/shared';
import { Button, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaTexts } from '../../../locales/index.ts';
import { Has } from '../../../access/has.tsx';
import { messageTemplateApi } from '../../../api/message-template.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  creatorTimeColumn,
  DataTable,
  enabledTagColumn,
  FormDialog,
  resourceFormCalls,
  RowActions,
  SearchBar,
  sortCodeColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { DictionarySelect } from '../../../components/dictionary-select/index.ts';
import { messageTypeOptions } from './options.ts';
import { TemplateFields } from './template-fields.tsx';

const KEY = ['message', 'template'] as const;
const TYPE_COLORS: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green' };

interface Filters {
  messageType?: number;
  category?: string;
}

/** This screen's texts ship in chunks of their own (loaded by the page registry before it renders). */
export const texts: AreaTexts = {
  'zh-CN': () => import('../../../locales/areas/msg-template/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/msg-template/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/msg-template/en-US.ts'),
};

/** Message templates: list with search and filters, add/edit with preview, copy, delete. */
export default function MsgTemplatePage() {
  const { t } = useTranslation();
  const list = usePagedList<MessageTemplateRow, Filters>({ queryKey: KEY, fetch: messageTemplateApi.list });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const reload = list.reload;

  const applyFilters = (next: Filters) => {
    setFilters(next);
    list.filter(next);
  };

  async function copy(row: MessageTemplateRow) {
    try {
      const res = await messageTemplateApi.copy(row.id);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('msgTemplate.copied'));
      reload();
    } catch {
      // The request wrapper already showed why.
    }
  }

  const columns: TableColumnsType<MessageTemplateRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('msgTemplate.fullName'), width: 180 },
    { key: 'enCode', dataIndex: 'enCode', title: t('msgTemplate.enCode'), width: 170 },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('msgTemplate.category'), width: 110 },
    {
      key: 'messageType',
      dataIndex: 'messageType',
      title: t('msgTemplate.messageType'),
      width: 90,
      render: (v: number) => <Tag color={TYPE_COLORS[v]}>{t(`msgTemplate.type${v}`)}</Tag>,
    },
    {
      key: 'channel',
      dataIndex: 'channel',
      title: t('msgTemplate.channel'),
      width: 90,
      render: (v: number) => t(`msgTemplate.channel${v}`),
    },
    { key: 'title', dataIndex: 'title', title: t('msgTemplate.title'), width: 240, ellipsis: true },
    enabledTagColumn(t),
    sortCodeColumn(t),
    creatorTimeColumn(t),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="msg-template"
          onEdit={() => setDialog({ id: row.id })}
          onRemove={() => messageTemplateApi.remove(row.id)}
          onRemoved={reload}
        >
          <Has code="btn_add">
            <Button type="link" size="small" onClick={() => void copy(row)} data-testid="msg-template-copy">
              {t('msgTemplate.copy')}
            </Button>
          </Has>
        </RowActions>
      ),
      170,
    ),
  ];

  const id = dialog?.id;
  return (
    <AdminPage data-testid="msg-template-page">
      <SearchBar
        onSearch={list.search}
        onReset={() => {
          applyFilters({});
          list.search('');
        }}
      >
        <Select
          allowClear
          value={filters.messageType}
          placeholder={t('msgTemplate.messageType')}
          options={messageTypeOptions(t)}
          onChange={(messageType?: number) => applyFilters({ ...filters, messageType })}
          style={{ width: 140 }}
          data-testid="msg-template-filter-type"
        />
        <DictionarySelect
          typeCode="messageCategory"
          value={filters.category}
          placeholder={t('msgTemplate.category')}
          onChange={(v) => applyFilters({ ...filters, category: (v as string | null) ?? undefined })}
          style={{ width: 160 }}
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid="msg-template-add">
          {t('msgTemplate.add')}
        </AddButton>
      </Toolbar>
      <DataTable<MessageTemplateRow> {...list.table} columns={columns} data-testid="msg-template-table" />
      <FormDialog<MessageTemplateForm>
        open={!!dialog}
        title={t(id ? 'msgTemplate.editTitle' : 'msgTemplate.addTitle')}
        width={860}
        {...resourceFormCalls(messageTemplateApi, id)}
        initialValues={
          id ? undefined : { messageType: 2, channel: 1, enabledMark: 1, sortCode: 0, templateJson: [], content: '' }
        }
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        {(form) => <TemplateFields form={form} />}
      </FormDialog>
    </AdminPage>
  );
}
