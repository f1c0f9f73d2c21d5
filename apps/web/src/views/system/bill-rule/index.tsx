import type { BillRuleForm, BillRuleListItem, BillRuleTemplate } from '@atrium/shared';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { billRuleApi } from '../../../api/bill-rule.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  AddButton,
  AdminPage,
  actionsColumn,
  DataTable,
  FormDialog,
  RowActions,
  resourceFormCalls,
  SearchBar,
  sortCodeColumn,
  stateSwitchColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import {
  BillRuleTemplateDialog,
  BusinessTypeTree,
  BUSINESS_TYPE,
} from '../../../components/bill-rule-template-dialog/index.ts';
import { useDictionary } from '../../../stores/dictionaries.ts';
import { BillRuleFields } from './bill-rule-fields.tsx';

const KEY = ['system', 'billRule'] as const;

interface Dialog {
  id?: string;
  /** A new rule's starting values (a copied template). */
  initial?: Partial<BillRuleForm>;
}

/** Saves a downloaded file under the given name. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const NEW_RULE: Partial<BillRuleForm> = {
  dateFormat: 'yyyyMMdd',
  digit: 4,
  startNumber: '1',
  enabledMark: 1,
  sortCode: 0,
};

/**
 * Bill rules (system/billRule): business categories on the left; the rules with their next
 * number, state, and edit / export / delete; a new rule can start as a copy of a template.
 */
export default function BillRulePage() {
  const { t } = useTranslation();
  const list = usePagedList<BillRuleListItem, { categoryId: string }>({
    queryKey: KEY,
    fetch: billRuleApi.list,
    initialFilters: { categoryId: '' },
  });
  const categories = useDictionary(BUSINESS_TYPE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [templates, setTemplates] = useState(false);
  const reload = list.reload;

  async function exportRule(row: BillRuleListItem) {
    const file = await billRuleApi.export(row.id);
    if (file instanceof Blob) {
      saveFile(file, `${row.fullName}.json`);
      void feedback().message.success(t('billRule.exported'));
    }
  }

  async function copyTemplate(template: BillRuleTemplate) {
    const { fullName, category, prefix, dateFormat, digit, startNumber, description } = await billRuleApi.info(
      template.id,
    );
    setDialog({
      initial: {
        fullName,
        category,
        prefix,
        dateFormat,
        digit,
        startNumber,
        description,
        enCode: '',
        sortCode: 0,
        enabledMark: 1,
      },
    });
  }

  const columns: TableColumnsType<BillRuleListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('billRule.fullName'), width: 150 },
    { key: 'enCode', dataIndex: 'enCode', title: t('billRule.enCode'), width: 140 },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('billRule.category'),
      width: 90,
      render: (v: string) => (v ? categories.labelOf(v) : ''),
    },
    { key: 'startNumber', dataIndex: 'startNumber', title: t('billRule.startNumber'), width: 90 },
    { key: 'example', dataIndex: 'example', title: t('billRule.nextExample'), width: 170 },
    { key: 'outputNumber', dataIndex: 'outputNumber', title: t('billRule.outputNumber'), width: 170 },
    stateSwitchColumn<BillRuleListItem>(t, billRuleApi.stateUrl, reload),
    sortCodeColumn(t),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="bill-rule"
          onEdit={() => setDialog({ id: row.id })}
          onRemove={() => billRuleApi.remove(row.id)}
          onRemoved={reload}
        >
          <Has code="btn_download">
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void exportRule(row).catch(() => undefined)}
              data-testid="bill-rule-export"
            >
              {t('billRule.export')}
            </Button>
          </Has>
        </RowActions>
      ),
      210,
    ),
  ];

  const id = dialog?.id;
  return (
    <AdminPage
      data-testid="bill-rule-page"
      treeTitle={t('billRule.category')}
      toggleLabels={{ show: t('billRule.category'), hide: t('billRule.category') }}
      tree={<BusinessTypeTree value={list.query.categoryId} onSelect={(categoryId) => list.filter({ categoryId })} />}
    >
      <SearchBar onSearch={list.search} />
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton
          onClick={() => setDialog({ initial: { ...NEW_RULE, category: list.query.categoryId } })}
          data-testid="bill-rule-add"
        >
          {t('billRule.add')}
        </AddButton>
        <Has code="btn_add">
          <Button icon={<CopyOutlined />} onClick={() => setTemplates(true)} data-testid="bill-rule-from-template">
            {t('billRule.fromTemplate')}
          </Button>
        </Has>
      </Toolbar>
      <DataTable<BillRuleListItem> {...list.table} columns={columns} data-testid="bill-rule-table" />
      <FormDialog<BillRuleForm>
        open={!!dialog}
        title={t(id ? 'billRule.edit' : 'billRule.add')}
        {...resourceFormCalls(billRuleApi, id)}
        initialValues={id ? undefined : dialog?.initial}
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        {(form) => <BillRuleFields form={form} />}
      </FormDialog>
      <BillRuleTemplateDialog
        open={templates}
        onClose={() => setTemplates(false)}
        onSelect={(tpl) => void copyTemplate(tpl)}
      />
    </AdminPage>
  );
}
