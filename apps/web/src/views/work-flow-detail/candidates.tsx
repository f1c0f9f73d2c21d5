import type { FlowCandidatesAnswer } from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCandidateUsers } from '../../api/workflow.ts';

/** What a submit or an approval carries of the picks. */
export interface CandidatePicks {
  branchList?: string[];
  candidateList?: Record<string, string[]>;
}

/** Whether an answer of `Candidates/{id}` asks the user to pick anything (1 a branch, 2 candidates). */
export function needsPicks(answer: FlowCandidatesAnswer | null | undefined): answer is FlowCandidatesAnswer {
  return !!answer && (answer.type === 1 || answer.type === 2);
}

/** The first missing pick's message key, or null when the picks are complete. */
export function missingPick(answer: FlowCandidatesAnswer, picks: CandidatePicks): string | null {
  if (answer.type === 1) return picks.branchList?.length ? null : 'workflow.candidates.pickBranch';
  if (answer.type === 2) {
    const missing = answer.list.find((n) => n.isCandidates && !(picks.candidateList?.[n.nodeId]?.length ?? 0));
    return missing ? 'workflow.candidates.pickUsers' : null;
  }
  return null;
}

function CandidateSelect(props: {
  ownerId: string;
  nodeId: string;
  formData: Record<string, unknown>;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: ['workflow', 'candidate-users', props.ownerId, props.nodeId, keyword],
    queryFn: () =>
      getCandidateUsers(props.ownerId, {
        nodeCode: props.nodeId,
        formData: props.formData,
        keyword,
        currentPage: 1,
        pageSize: 100,
      }),
  });
  return (
    <Select
      mode="multiple"
      value={props.value}
      onChange={props.onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={users.isFetching}
      options={(users.data?.list ?? []).map((u) => ({
        value: u.id,
        label: u.organize ? `${u.fullName} (${u.organize})` : u.fullName,
      }))}
      data-testid={`flow-candidate-${props.nodeId}`}
    />
  );
}

/**
 * The branch or candidate pickers of an answer, as form rows (inside the approve, batch or launch
 * dialog). `ownerId` is what the answer was asked for (an operator, or the template of a launch) and
 * whose tree the candidate users are looked up in; `owners` names another one for some nodes (a
 * batch merges the answers of several to-dos).
 */
export function CandidateFields(props: {
  ownerId: string;
  owners?: Readonly<Record<string, string>>;
  answer: FlowCandidatesAnswer;
  formData: Record<string, unknown>;
  value: CandidatePicks;
  onChange: (picks: CandidatePicks) => void;
}) {
  const { t } = useTranslation();
  const { answer, value, onChange } = props;
  if (answer.type === 1) {
    const branches = answer.list.filter((n) => n.isBranchFlow);
    return (
      <Form.Item label={t('workflow.candidates.branch')} required>
        <Checkbox.Group
          value={value.branchList ?? []}
          onChange={(ids) => onChange({ ...value, branchList: ids.map(String) })}
          options={branches.map((n) => ({ value: n.nodeId, label: n.nodeName }))}
          data-testid="flow-branches"
        />
      </Form.Item>
    );
  }
  if (answer.type !== 2) return null;
  return (
    <>
      {answer.list
        .filter((n) => n.isCandidates)
        .map((n) => (
          <Form.Item key={n.nodeId} label={t('workflow.candidates.usersOf', { node: n.nodeName })} required>
            <CandidateSelect
              ownerId={props.owners?.[n.nodeId] ?? props.ownerId}
              nodeId={n.nodeId}
              formData={props.formData}
              value={value.candidateList?.[n.nodeId] ?? []}
              onChange={(ids) => onChange({ ...value, candidateList: { ...value.candidateList, [n.nodeId]: ids } })}
            />
          </Form.Item>
        ))}
    </>
  );
}

/** A dialog of its own for the picks of a new launch (an approval puts them into its own dialog). */
export function CandidateDialog(props: {
  ownerId: string;
  answer: FlowCandidatesAnswer;
  formData: Record<string, unknown>;
  busy: boolean;
  onConfirm: (picks: CandidatePicks) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [picks, setPicks] = useState<CandidatePicks>({});
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={t(props.answer.type === 1 ? 'workflow.candidates.branchTitle' : 'workflow.candidates.usersTitle')}
      onCancel={props.onCancel}
      confirmLoading={props.busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => {
        const missing = missingPick(props.answer, picks);
        if (missing) setError(t(missing));
        else props.onConfirm(picks);
      }}
      destroyOnHidden
      data-testid="flow-candidate-dialog"
    >
      <Form layout="vertical">
        <CandidateFields
          ownerId={props.ownerId}
          answer={props.answer}
          formData={props.formData}
          value={picks}
          onChange={(next) => {
            setError(null);
            setPicks(next);
          }}
        />
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
