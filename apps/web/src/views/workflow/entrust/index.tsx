import type { FlowDelegateItem } from '@atrium/shared/workflow';
import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Radio, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { delegateApi } from '../../../api/workflow.ts';
import {
  actionsColumn,
  AdminPage,
  DataTable,
  descriptionColumn,
  FormDialog,
  removeWithConfirm,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { WORKFLOW_QUERY_KEY } from '../../../components/flow-status/flow-action.ts';
import { useTemplateOptions } from '../../../components/flow-status/template-options.ts';
import { workflowTexts } from '../../../components/flow-status/texts.ts';
import { UserPickField } from '../../../components/flow-status/user-pick-field.tsx';
import type { AreaTexts } from '../../../locales/index.ts';
import { toBody, toValues, type DelegateValues } from './delegate-form.ts';

export const texts: AreaTexts = workflowTexts;

const KEY = [...WORKFLOW_QUERY_KEY, 'delegate'] as const;
const TYPES = [0, 1];
const day = (v: number) => dayjs(v).format('YYYY-MM-DD');

interface Filters {
  type?: number;
}

/**
 * Flow delegation (out of office): a user hands his approvals, or his launching, to someone else
 * for a period, for every flow or one; he manages his own delegations.
 */
export default function EntrustPage() {
  const { t } = useTranslation();
  const list = usePagedList<FlowDelegateItem, Filters>({ queryKey: KEY, fetch: delegateApi.list });
  const templateOptions = useTemplateOptions();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [type, setType] = useState<number | undefined>(undefined);

  const columns: TableColumnsType<FlowDelegateItem> = [
    { key: 'userName', dataIndex: 'userName', title: t('workflow.entrust.fromUser'), width: 120 },
    { key: 'toUserName', dataIndex: 'toUserName', title: t('workflow.entrust.toUser'), width: 120 },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('workflow.entrust.type'),
      width: 100,
      render: (v: number) => (
        <Tag color={v === 1 ? 'purple' : 'blue'}>{t(`workflow.entrust.type${v === 1 ? 1 : 0}`)}</Tag>
      ),
    },
    {
      key: 'flowName',
      dataIndex: 'flowName',
      title: t('workflow.entrust.flow'),
      width: 160,
      render: (v: string | null) => v || t('workflow.entrust.allFlows'),
    },
    {
      key: 'range',
      title: t('workflow.entrust.range'),
      width: 200,
      render: (_: unknown, row) => `${day(row.startTime)} ~ ${day(row.endTime)}`,
    },
    descriptionColumn(t, 200),
    // Everyone manages his own delegations: no button permissions to check.
    actionsColumn(t, (row) => (
      <>
        <Button type="link" size="small" onClick={() => setDialog({ id: row.id })} data-testid="entrust-edit">
          {t('admin.edit')}
        </Button>
        <Button
          type="link"
          size="small"
          danger
          onClick={() => void removeWithConfirm(() => delegateApi.remove(row.id), list.reload)}
          data-testid="entrust-remove"
        >
          {t('admin.remove')}
        </Button>
      </>
    )),
  ];

  const id = dialog?.id;
  return (
    <AdminPage data-testid="entrust-page">
      <SearchBar
        onSearch={list.search}
        onReset={() => {
          setType(undefined);
          list.filter({ type: undefined });
          list.search('');
        }}
      >
        <Select
          allowClear
          value={type}
          placeholder={t('workflow.entrust.type')}
          style={{ width: 120 }}
          options={TYPES.map((v) => ({ value: v, label: t(`workflow.entrust.type${v}`) }))}
          onChange={(v?: number) => {
            setType(v);
            list.filter({ type: v });
          }}
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="entrust-add">
          {t('workflow.entrust.add')}
        </Button>
      </Toolbar>
      <DataTable<FlowDelegateItem> {...list.table} columns={columns} data-testid="entrust-table" />
      {dialog && (
        <FormDialog<DelegateValues>
          open
          title={t(id ? 'workflow.entrust.editTitle' : 'workflow.entrust.addTitle')}
          load={id ? async () => toValues(await delegateApi.info(id)) : undefined}
          initialValues={{ type: 0, toUser: [] }}
          submit={(values) => (id ? delegateApi.update(id, toBody(values)) : delegateApi.create(toBody(values)))}
          onClose={() => setDialog(null)}
          onSaved={list.reload}
        >
          <Form.Item
            name="toUser"
            label={t('workflow.entrust.toUser')}
            rules={[
              {
                validator: (_, v: unknown[] | undefined) =>
                  v?.length ? Promise.resolve() : Promise.reject(new Error(t('workflow.entrust.toUserRequired'))),
              },
            ]}
            required
          >
            <UserPickFieldControl label={t('workflow.entrust.toUser')} />
          </Form.Item>
          <Form.Item name="type" label={t('workflow.entrust.type')} required>
            <Radio.Group options={TYPES.map((v) => ({ value: v, label: t(`workflow.entrust.type${v}`) }))} />
          </Form.Item>
          <Form.Item name="flowId" label={t('workflow.entrust.flow')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('workflow.entrust.allFlows')}
              options={templateOptions}
            />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('workflow.entrust.range')}
            rules={[{ required: true, message: t('workflow.entrust.rangeRequired') }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="description" label={t('workflow.entrust.description')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </FormDialog>
      )}
    </AdminPage>
  );
}

/** The user pick field as a form control (Form.Item hands it value and onChange). */
function UserPickFieldControl(props: {
  label: string;
  value?: DelegateValues['toUser'];
  onChange?: (v: DelegateValues['toUser']) => void;
}) {
  return (
    <UserPickField
      value={props.value ?? []}
      onChange={(v) => props.onChange?.(v)}
      label={props.label}
      testId="entrust-to-user"
    />
  );
}
