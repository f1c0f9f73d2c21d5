/**
 * Inputs the property panels share: organisation-object pickers over id lists (the platform's user,
 * role, position, organisation and group dialogs), the member spec editor built of them, and a
 * select of the bound form's fields.
 */
import type { FormField, JnpfKey } from '@atrium/shared/forms';
import type { MemberSpec } from '@atrium/shared/workflow';
import { Form, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgSelect, organizeIdsOf, UserSelect, valueList } from '../pickers/index.ts';
import { useFlowEnv } from './context.tsx';

/** The kinds of objects a member spec lists, with the picker of each. */
export type MemberKind = 'users' | 'roles' | 'positions' | 'orgs' | 'groups';

const PICKER_KIND: Record<MemberKind, JnpfKey> = {
  users: 'userSelect',
  roles: 'roleSelect',
  positions: 'posSelect',
  orgs: 'comSelect',
  groups: 'groupSelect',
};

/** A picker over a list of ids. Organisations are picked by path; only the last id of each is kept. */
export function IdsPicker({
  kind,
  value,
  onChange,
  label,
  id,
}: {
  kind: MemberKind;
  value: readonly string[] | undefined;
  onChange: (ids: string[]) => void;
  label: string;
  id?: string;
}) {
  const field = useMemo<FormField>(
    () => ({ __config__: { jnpfKey: PICKER_KIND[kind], label }, __vModel__: `flow-${kind}`, multiple: true }),
    [kind, label],
  );
  const ids = value ?? [];
  if (kind === 'users')
    return <UserSelect id={id} field={field} value={ids} onChange={(next) => onChange(valueList(next))} />;
  if (kind === 'orgs')
    return (
      <OrgSelect
        id={id}
        field={field}
        value={ids.map((org) => [org])}
        onChange={(next) => onChange(organizeIdsOf(next))}
      />
    );
  return <OrgSelect id={id} field={field} value={ids} onChange={(next) => onChange(valueList(next))} />;
}

const MEMBER_KINDS: readonly MemberKind[] = ['users', 'roles', 'positions', 'orgs', 'groups'];

/** Users, roles, positions, organisations (members or heads) and groups; empty lists are dropped. */
export function MemberSpecEditor({
  value,
  onChange,
  testId,
}: {
  value: MemberSpec | undefined;
  onChange: (spec: MemberSpec) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const spec = value ?? {};
  const set = (patch: Partial<MemberSpec>) => {
    const next: MemberSpec = { ...spec, ...patch };
    for (const kind of MEMBER_KINDS) if (next[kind]?.length === 0) delete next[kind];
    if (!next.orgHeads) delete next.orgHeads;
    onChange(next);
  };
  return (
    <div data-testid={testId}>
      {MEMBER_KINDS.map((kind) => (
        <Form.Item key={kind} label={t(`flowDesigner.members.${kind}`)} htmlFor={`${testId}-${kind}`}>
          <IdsPicker
            id={`${testId}-${kind}`}
            kind={kind}
            label={t(`flowDesigner.members.${kind}`)}
            value={spec[kind]}
            onChange={(ids) => set({ [kind]: ids })}
          />
        </Form.Item>
      ))}
      {(spec.orgs?.length ?? 0) > 0 && (
        <Form.Item label={t('flowDesigner.members.orgHeads')}>
          <Switch checked={!!spec.orgHeads} onChange={(orgHeads) => set({ orgHeads })} />
        </Form.Item>
      )}
    </div>
  );
}

/** Field kinds that hold people or organisations: what an approver, a CC or an initiator may come from. */
export const PERSON_FIELD_KINDS: ReadonlySet<string> = new Set([
  'userSelect',
  'usersSelect',
  'depSelect',
  'comSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'createUser',
  'modifyUser',
  'currDept',
  'currOrganize',
]);

/** Field kinds that hold a date a timer can wait for. */
export const DATE_FIELD_KINDS: ReadonlySet<string> = new Set(['date', 'createTime', 'modifyTime']);

/** A select of the bound form's fields (optionally of some kinds); sub-table columns are left out. */
export function FieldSelect({
  value,
  onChange,
  kinds,
  id,
  testId,
  extra = [],
}: {
  value: string | undefined;
  onChange: (field: string | undefined) => void;
  kinds?: ReadonlySet<string>;
  id?: string;
  testId?: string;
  /** Options offered before the fields (system variables). */
  extra?: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { fields } = useFlowEnv();
  const options = [
    ...extra,
    ...fields
      .filter((f) => !f.table && (!kinds || kinds.has(f.field.__config__.jnpfKey)))
      .map((f) => ({ value: f.key, label: f.field.__config__.label || f.key })),
  ];
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange(v || undefined)}
      options={options}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('flowDesigner.pickField')}
      notFoundContent={t('flowDesigner.noFields')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
