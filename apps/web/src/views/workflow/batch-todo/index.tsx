import { FlowListCategory, type FlowListItem } from '@atrium/shared/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Modal, Select, Spin, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchOperation, listBatchTemplates, listFlowTasks, type FlowBatchResult } from '../../../api/workflow.ts';
import { AdminPage, DataTable, SearchBar, Toolbar, usePagedList } from '../../../components/admin/index.ts';
import { runFlowAction, WORKFLOW_QUERY_KEY } from '../../../components/flow-status/flow-action.ts';
import { UrgencyTag } from '../../../components/flow-status/flow-status.tsx';
import { workflowTexts } from '../../../components/flow-status/texts.ts';
import { UserPickField } from '../../../components/flow-status/user-pick-field.tsx';
import type { PickedItem } from '../../../components/pickers/picker-values.ts';
import type { AreaTexts } from '../../../locales/index.ts';
import { CandidateFields, missingPick, type CandidatePicks } from '../../work-flow-detail/candidates.tsx';
import { batchPicksNeeded } from './batch-candidates.ts';

export const texts: AreaTexts = workflowTexts;

/** BatchOperation's batchType: 0 approve, 1 reject, 2 transfer. */
const BATCH_TYPES = [
  { type: 0, key: 'approve' },
  { type: 1, key: 'reject' },
  { type: 2, key: 'transfer' },
] as const;
type BatchType = (typeof BATCH_TYPES)[number]['type'];

interface Filters {
  flowId?: string;
}

/**
 * Batch approval: choose a flow that has batch-capable to-dos, select rows and approve, reject or
 * transfer them with one opinion; each item's result is shown, as one may fail while the others pass.
 * Before an approval, the server is asked which next nodes of the selected to-dos want a branch or
 * candidates chosen (`BatchCandidate`), and the dialog asks for them as a single approval does.
 */
export default function BatchTodoPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: [...WORKFLOW_QUERY_KEY, 'batch-templates'], queryFn: listBatchTemplates });
  const [flowId, setFlowId] = useState<string | undefined>(undefined);
  const list = usePagedList<FlowListItem, Filters>({
    queryKey: [...WORKFLOW_QUERY_KEY, 'batch'],
    fetch: (q) => listFlowTasks(FlowListCategory.batch, q),
    enabled: !!flowId,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<BatchType | null>(null);
  const [opinion, setOpinion] = useState('');
  const [toUser, setToUser] = useState<PickedItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<(FlowBatchResult & { title: string })[] | null>(null);
  const [picks, setPicks] = useState<CandidatePicks>({});
  // Kept out of the workflow key: the lists reloading after the batch must not ask again for handled to-dos.
  const needed = useQuery({
    queryKey: ['batch-todo', 'candidates', ...selected],
    queryFn: () => batchPicksNeeded(selected),
    enabled: dialog === 0 && selected.length > 0,
    gcTime: 0,
  });
  const asking = dialog === 0 ? needed.data : undefined;

  const chooseFlow = (id: string | undefined) => {
    setFlowId(id);
    setSelected([]);
    list.filter({ flowId: id });
  };

  const openDialog = (type: BatchType) => {
    if (!selected.length) {
      setError(t('workflow.batch.selectRows'));
      return;
    }
    setError(null);
    setOpinion('');
    setToUser([]);
    setPicks({});
    setDialog(type);
  };

  const send = async () => {
    if (dialog === null) return;
    if (dialog === 2 && !toUser.length) {
      setError(t('workflow.handleDialog.userRequired'));
      return;
    }
    if (dialog === 0 && !needed.data) return;
    for (const answer of [asking?.branches, asking?.candidates]) {
      const missing = answer && missingPick(answer, picks);
      if (missing) {
        setError(t(missing));
        return;
      }
    }
    // The handled rows leave the list when it reloads: their titles are taken now.
    const titles = new Map(list.list.map((row) => [row.id, row.fullName]));
    setBusy(true);
    let answered: FlowBatchResult[] = [];
    const ok = await runFlowAction(async () => {
      const res = await batchOperation({
        ids: selected,
        batchType: dialog,
        handleOpinion: opinion.trim(),
        freeApproverUserId: dialog === 2 ? toUser[0]!.id : undefined,
        ...(asking?.branches ? { branchList: picks.branchList } : {}),
        ...(asking?.candidates ? { candidateList: picks.candidateList } : {}),
      });
      answered = res.data ?? [];
      return res;
    }, queryClient);
    setBusy(false);
    if (!ok) return;
    setDialog(null);
    setSelected([]);
    setResults(answered.map((r) => ({ ...r, title: titles.get(r.id) ?? r.id })));
    void templates.refetch();
  };

  const columns: TableColumnsType<FlowListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('workflow.col.title'), width: 240, ellipsis: true },
    { key: 'userName', dataIndex: 'userName', title: t('workflow.col.initiator'), width: 120 },
    { key: 'nodeName', dataIndex: 'nodeName', title: t('workflow.col.nodeName'), width: 120 },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('workflow.col.receiveTime'),
      width: 150,
      render: (v: number) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      key: 'flowUrgent',
      dataIndex: 'flowUrgent',
      title: t('workflow.col.urgency'),
      width: 90,
      render: (v: number) => <UrgencyTag value={v} />,
    },
  ];

  return (
    <AdminPage data-testid="batch-todo-page">
      <SearchBar onSearch={list.search}>
        <Select
          value={flowId}
          allowClear
          placeholder={t('workflow.batch.template')}
          style={{ width: 220 }}
          loading={templates.isFetching}
          options={(templates.data ?? []).map((tpl) => ({
            value: tpl.id,
            label: tpl.count !== undefined ? `${tpl.fullName} (${tpl.count})` : tpl.fullName,
          }))}
          onChange={chooseFlow}
          data-testid="batch-template"
        />
      </SearchBar>
      <Toolbar onRefresh={flowId ? () => void list.refetch() : undefined}>
        {BATCH_TYPES.map(({ type, key }) => (
          <Button
            key={key}
            type={type === 0 ? 'primary' : 'default'}
            danger={type === 1}
            disabled={!flowId}
            onClick={() => openDialog(type)}
            data-testid={`batch-${key}`}
          >
            {t(`workflow.batch.${key}`)}
          </Button>
        ))}
        {selected.length > 0 && <span>{t('workflow.batch.selected', { count: selected.length })}</span>}
      </Toolbar>
      {error && dialog === null && <Alert type="warning" showIcon title={error} data-testid="batch-error" />}
      {flowId ? (
        <DataTable<FlowListItem>
          {...list.table}
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          data-testid="batch-table"
        />
      ) : (
        <Alert type="info" showIcon title={t('workflow.batch.pickTemplate')} />
      )}
      {dialog !== null && (
        <Modal
          open
          title={t(`workflow.batch.${BATCH_TYPES[dialog].key}`)}
          onCancel={() => setDialog(null)}
          onOk={() => void send()}
          confirmLoading={busy || (dialog === 0 && needed.isFetching)}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          destroyOnHidden
          data-testid="batch-dialog"
        >
          <p>{t('workflow.batch.selected', { count: selected.length })}</p>
          <Spin spinning={dialog === 0 && needed.isFetching}>
            <Form layout="vertical">
              {dialog === 2 && (
                <Form.Item label={t('workflow.handleDialog.user.transfer')} required>
                  <UserPickField value={toUser} onChange={setToUser} label={t('workflow.handleDialog.user.transfer')} />
                </Form.Item>
              )}
              {[asking?.branches, asking?.candidates].map(
                (answer) =>
                  answer && (
                    <CandidateFields
                      key={answer.type}
                      ownerId={asking!.owners[answer.list[0]!.nodeId]!}
                      owners={asking!.owners}
                      answer={answer}
                      formData={{}}
                      value={picks}
                      onChange={(next) => {
                        setError(null);
                        setPicks(next);
                      }}
                    />
                  ),
              )}
              <Form.Item label={t('workflow.handleDialog.opinion')}>
                <Input.TextArea
                  rows={3}
                  maxLength={500}
                  value={opinion}
                  onChange={(e) => setOpinion(e.target.value)}
                  data-testid="batch-opinion"
                />
              </Form.Item>
            </Form>
          </Spin>
          {error && <Alert type="error" showIcon title={error} />}
        </Modal>
      )}
      {results && (
        <Modal
          open
          title={t('workflow.batch.results')}
          footer={null}
          onCancel={() => setResults(null)}
          data-testid="batch-results"
        >
          <List
            size="small"
            dataSource={results}
            renderItem={(r) => (
              <List.Item key={r.id}>
                <span>{r.title}</span>
                <span>
                  <Tag color={r.success ? 'success' : 'error'}>
                    {t(r.success ? 'workflow.batch.success' : 'workflow.batch.failed')}
                  </Tag>
                  {!r.success && r.message}
                </span>
              </List.Item>
            )}
          />
        </Modal>
      )}
    </AdminPage>
  );
}
