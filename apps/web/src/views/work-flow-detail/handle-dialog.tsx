import { RejectType, type FlowCandidatesAnswer, type FlowHandleBody } from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSignImages } from '../../api/current-user.ts';
import {
  getCandidates,
  getCurrentNodes,
  getRejectTargets,
  getTemplateNodes,
  type FlowDetail,
} from '../../api/workflow.ts';
import { UserPickField } from '../../components/flow-status/user-pick-field.tsx';
import type { PickedItem } from '../../components/pickers/picker-values.ts';
import type { FileRecord } from '../../components/upload/index.ts';
import type { FlowAction } from './actions.ts';
import { AttachmentUpload } from './attachments.tsx';
import { CandidateFields, missingPick, needsPicks, type CandidatePicks } from './candidates.tsx';
import styles from './work-flow-detail.module.css';

/** The actions that ask for an opinion (and more) in a dialog before they are sent. */
export type DialogAction = Extract<
  FlowAction,
  'approve' | 'reject' | 'transfer' | 'addSign' | 'withdraw' | 'recall' | 'assign' | 'terminate' | 'change'
>;

export const DIALOG_ACTIONS: ReadonlySet<FlowAction> = new Set<DialogAction>([
  'approve',
  'reject',
  'transfer',
  'addSign',
  'withdraw',
  'recall',
  'assign',
  'terminate',
  'change',
]);

interface Props {
  action: DialogAction;
  detail: FlowDetail;
  /** The to-do's operator (approve, reject, transfer, add-sign). */
  operatorId?: string;
  /** The form values an approval sends (the writable fields), for the candidates' rules. */
  formData?: Record<string, unknown>;
  busy: boolean;
  onSubmit: (body: FlowHandleBody) => void;
  onCancel: () => void;
}

/** The handling calls take at most 50 files (`fileList`). */
const HANDLE_FILES = { limit: 50 };

/** A node option as the pickers answer it (`nodeCode` in older answers). */
const nodeIdOf = (n: { nodeId?: string; nodeCode?: string }) => n.nodeId ?? n.nodeCode ?? '';

/**
 * The dialog of one handling action: the opinion (required where the node asks for it), and what
 * the action needs besides — the signature, copy recipients and next handlers or branch of an
 * approval, the target and mode of a reject, the person of a transfer, the people and position of
 * an add-sign, the node and people of an assign, the node of a change. Confirming answers the body.
 */
export function HandleDialog({ action, detail, operatorId, formData, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const props = detail.approversProperties ?? {};
  const [opinion, setOpinion] = useState('');
  const [users, setUsers] = useState<PickedItem[]>([]);
  const [copies, setCopies] = useState<PickedItem[]>([]);
  const [position, setPosition] = useState(1);
  const [node, setNode] = useState<string | undefined>(undefined);
  const [rejectType, setRejectType] = useState<number>(RejectType.restart);
  const [sign, setSign] = useState<string | undefined>(undefined);
  const [picks, setPicks] = useState<CandidatePicks>({});
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [error, setError] = useState<string | null>(null);

  const instanceId = detail.flowTaskInfo.id;
  const requireSign = action === 'approve' && props.requireSign === true;
  const allowCopies = action === 'approve' && props.cc?.allowApproverAddCc === true;
  const opinionRequired = (action === 'approve' || action === 'reject') && props.requireOpinion === true;
  // The node lets its handlers attach files to an approval or a reject (S2-7-59, S2-7-61).
  const attaching = (action === 'approve' || action === 'reject') && props.allowAttachments === true;

  const candidates = useQuery({
    queryKey: ['workflow', 'candidates', operatorId, formData],
    queryFn: (): Promise<FlowCandidatesAnswer> => getCandidates(operatorId!, { formData: formData ?? {} }),
    enabled: action === 'approve' && !!operatorId,
  });
  const rejectTargets = useQuery({
    queryKey: ['workflow', 'reject-targets', operatorId],
    queryFn: () => getRejectTargets(operatorId!),
    enabled: action === 'reject' && !!operatorId,
  });
  const nodes = useQuery({
    queryKey: ['workflow', action === 'assign' ? 'current-nodes' : 'template-nodes', instanceId],
    queryFn: () => (action === 'assign' ? getCurrentNodes(instanceId) : getTemplateNodes(instanceId)),
    enabled: action === 'assign' || action === 'change',
  });
  const signs = useQuery({ queryKey: ['workflow', 'sign-images'], queryFn: getSignImages, enabled: requireSign });
  const signImages = signs.data?.data ?? [];
  const chosenSign = sign ?? signImages.find((s) => s.isDefault)?.signImg ?? signImages[0]?.signImg;

  const rejectTypes = rejectTargets.data?.rejectTypes ?? props.rejectTypes ?? [RejectType.restart];
  const nodeOptions = (action === 'reject' ? (rejectTargets.data?.list ?? []) : (nodes.data ?? [])).map((n) => ({
    value: nodeIdOf(n),
    label: n.nodeName,
  }));
  const loading = candidates.isFetching || rejectTargets.isFetching || nodes.isFetching;
  const needsUser = action === 'transfer' || action === 'addSign' || action === 'assign';
  const needsNode = action === 'reject' || action === 'assign' || action === 'change';

  const confirm = () => {
    if (opinionRequired && !opinion.trim()) return setError(t('workflow.handleDialog.opinionRequired'));
    if (needsNode && !node) return setError(t('workflow.handleDialog.nodeRequired'));
    if (needsUser && !users.length) return setError(t('workflow.handleDialog.userRequired'));
    if (requireSign && !chosenSign) return setError(t('workflow.handleDialog.signRequired'));
    if (action === 'approve' && needsPicks(candidates.data)) {
      const missing = missingPick(candidates.data, picks);
      if (missing) return setError(t(missing));
    }
    const body: FlowHandleBody = { handleOpinion: opinion.trim() };
    if (attaching && files.length) body.fileList = files;
    switch (action) {
      case 'approve':
        body.formData = formData;
        if (requireSign) body.signImg = chosenSign;
        if (copies.length) body.copyIds = copies.map((c) => c.id).join(',');
        if (needsPicks(candidates.data)) Object.assign(body, picks);
        break;
      case 'reject':
        body.rejectStep = node;
        body.rejectType = rejectType;
        break;
      case 'transfer':
        body.freeApproverUserId = users[0]!.id;
        break;
      case 'addSign':
        body.freeApproverUserId = users.map((u) => u.id).join(',');
        body.freeApproverType = position;
        break;
      case 'assign':
        body.nodeCode = node;
        body.freeApproverUserId = users[0]!.id;
        break;
      case 'change':
        body.nodeCode = node;
        break;
    }
    onSubmit(body);
  };

  return (
    <Modal
      open
      title={t(`workflow.action.${action}`)}
      onCancel={onCancel}
      onOk={confirm}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid={`flow-dialog-${action}`}
    >
      <Spin spinning={loading}>
        <Form layout="vertical">
          {needsNode && (
            <Form.Item
              label={t(action === 'reject' ? 'workflow.handleDialog.rejectTo' : 'workflow.handleDialog.node')}
              required
            >
              <Select
                value={node}
                onChange={(v: string) => {
                  setError(null);
                  setNode(v);
                }}
                options={nodeOptions}
                data-testid="flow-dialog-node"
              />
            </Form.Item>
          )}
          {action === 'reject' && rejectTypes.length > 1 && (
            <Form.Item label={t('workflow.handleDialog.rejectType')}>
              <Radio.Group
                value={rejectType}
                onChange={(e) => setRejectType(Number(e.target.value))}
                options={rejectTypes.map((v) => ({ value: v, label: t(`workflow.handleDialog.rejectType${v}`) }))}
              />
            </Form.Item>
          )}
          {needsUser && (
            <Form.Item label={t(`workflow.handleDialog.user.${action}`)} required>
              <UserPickField
                value={users}
                onChange={(next) => {
                  setError(null);
                  setUsers(next);
                }}
                multiple={action === 'addSign'}
                label={t(`workflow.handleDialog.user.${action}`)}
                testId="flow-dialog-users"
              />
            </Form.Item>
          )}
          {action === 'addSign' && (
            <Form.Item label={t('workflow.handleDialog.addSignPosition')}>
              <Radio.Group
                value={position}
                onChange={(e) => setPosition(Number(e.target.value))}
                options={[
                  { value: 1, label: t('workflow.handleDialog.before') },
                  { value: 2, label: t('workflow.handleDialog.after') },
                ]}
              />
            </Form.Item>
          )}
          {action === 'approve' && operatorId && needsPicks(candidates.data) && (
            <CandidateFields
              ownerId={operatorId}
              answer={candidates.data}
              formData={formData ?? {}}
              value={picks}
              onChange={(next) => {
                setError(null);
                setPicks(next);
              }}
            />
          )}
          {allowCopies && (
            <Form.Item label={t('workflow.handleDialog.copyTo')}>
              <UserPickField
                value={copies}
                onChange={setCopies}
                multiple
                label={t('workflow.handleDialog.copyTo')}
                testId="flow-dialog-copies"
              />
            </Form.Item>
          )}
          {requireSign && (
            <Form.Item label={t('workflow.handleDialog.sign')} required>
              {signImages.length ? (
                <Radio.Group value={chosenSign} onChange={(e) => setSign(String(e.target.value))}>
                  {signImages.map((s) => (
                    <Radio key={s.id} value={s.signImg} className={styles.signOption}>
                      <img src={s.signImg} alt={t('workflow.handleDialog.sign')} className={styles.signImage} />
                    </Radio>
                  ))}
                </Radio.Group>
              ) : (
                <Alert type="warning" showIcon title={t('workflow.handleDialog.noSign')} />
              )}
            </Form.Item>
          )}
          <Form.Item label={t('workflow.handleDialog.opinion')} required={opinionRequired}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={opinion}
              onChange={(e) => {
                setError(null);
                setOpinion(e.target.value);
              }}
              placeholder={t('workflow.handleDialog.opinionPlaceholder')}
              data-testid="flow-dialog-opinion"
            />
          </Form.Item>
          {attaching && (
            <Form.Item label={t('workflow.handleDialog.files')}>
              <div data-testid="flow-dialog-files">
                <AttachmentUpload field={HANDLE_FILES} value={files} onChange={setFiles} />
              </div>
            </Form.Item>
          )}
        </Form>
        {error && <Alert type="error" showIcon title={error} data-testid="flow-dialog-error" />}
      </Spin>
    </Modal>
  );
}
