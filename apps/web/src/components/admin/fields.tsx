import type { PickerTreeNode } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizeApi, searchUsers } from '../../api/organize.ts';

/** enabledMark 1/0 shown as a switch. */
export function EnabledField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="enabledMark"
      label={t('admin.status')}
      getValueProps={(v: number | undefined) => ({ checked: v !== 0 })}
      normalize={(checked: boolean) => (checked ? 1 : 0)}
      initialValue={1}
    >
      <Switch checkedChildren={t('admin.enabled')} unCheckedChildren={t('admin.disabled')} />
    </Form.Item>
  );
}

export function SortCodeField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="sortCode" label={t('admin.sortCode')} initialValue={0}>
      <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function DescriptionField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="description" label={t('admin.description')}>
      <Input.TextArea rows={3} maxLength={500} showCount />
    </Form.Item>
  );
}

/** The closing fields of an organisation, position, group or role form: order, state and a note. */
export function RecordFields() {
  return (
    <>
      <SortCodeField />
      <EnabledField />
      <DescriptionField />
    </>
  );
}

export function NameField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="fullName"
      label={label}
      rules={[{ required: true, whitespace: true, message: t('admin.required', { field: label }) }]}
    >
      <Input maxLength={50} />
    </Form.Item>
  );
}

/** Codes are letters, digits and . _ - (the server refuses others, naming the field). */
export function CodeField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="enCode"
      label={label}
      extra={t('organize.codeHint')}
      rules={[
        { required: true, whitespace: true, message: t('admin.required', { field: label }) },
        { pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: t('organize.codeHint') },
      ]}
    >
      <Input maxLength={50} />
    </Form.Item>
  );
}

interface TreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

function toOptions(nodes: PickerTreeNode[], disable?: (n: PickerTreeNode) => boolean): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    disabled: disable?.(n),
    children: n.children?.length ? toOptions(n.children, disable) : undefined,
  }));
}

interface OrganizeSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  /** The organisation being edited: it and its subtree are left out. */
  excludeId?: string;
  /** Offer a 'top level' entry (companies only). */
  allowTop?: boolean;
  /** Only companies may be chosen (a company cannot sit under a department). */
  companiesOnly?: boolean;
}

/** Organisation picker over GET /Organize/Selector/{id}. */
export function OrganizeSelect({ value, onChange, excludeId, allowTop, companiesOnly }: OrganizeSelectProps) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['permission', 'organize', 'selector', excludeId ?? '0'],
    queryFn: () => organizeApi.selector(excludeId ?? '0'),
  });
  const treeData = useMemo(() => {
    const options = toOptions(data ?? [], companiesOnly ? (n) => n.type !== 'company' : undefined);
    return allowTop ? [{ value: '-1', title: t('organize.top') }, ...options] : options;
  }, [data, allowTop, companiesOnly, t]);
  return (
    <TreeSelect
      value={value}
      onChange={onChange}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('admin.requiredSelect', { field: t('organize.parent') })}
      style={{ width: '100%' }}
    />
  );
}

interface ManagerSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Label of the current manager (from the detail) so it shows before any search. */
  currentLabel?: string;
}

/** Picks a manager among the users (GET /api/permission/Users?keyword=...). */
export function ManagerSelect({ value, onChange, currentLabel }: ManagerSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['permission', 'users', 'manager-search', keyword],
    queryFn: () => searchUsers(keyword),
  });
  const options = useMemo(() => {
    const list = (data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }));
    if (value && currentLabel && !list.some((o) => o.value === value)) list.unshift({ value, label: currentLabel });
    return list;
  }, [data, value, currentLabel]);
  return (
    <Select
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={options}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={isFetching}
      placeholder={t('organize.managerPlaceholder')}
      notFoundContent={t('admin.empty')}
      style={{ width: '100%' }}
    />
  );
}
