/**
 * Selects over the platform's resources that field properties point at: dictionaries, data
 * interfaces, print templates, bill rules and released models. Each loads its list when first
 * shown, through react-query, so a designer session asks each once.
 */
import type { DictionaryTypeNode } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi, type DataInterfaceCategoryNode } from '../../api/data-interface.ts';
import { dictionaryTypeApi } from '../../api/dictionary.ts';
import { printDevApi, type PrintSelectorNode } from '../../api/print-dev.ts';
import { modelApi } from '../../api/visualdev.ts';
import { BillRuleTemplateDialog } from '../bill-rule-template-dialog/index.ts';

interface ValueProps<T = string> {
  value?: T;
  onChange: (value: T | undefined) => void;
}

interface TreeOption {
  value: string;
  title: string;
  selectable?: boolean;
  children?: TreeOption[];
}

const STALE = 5 * 60_000;

const dictionaryTree = (nodes: DictionaryTypeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? dictionaryTree(n.children) : undefined,
  }));

/** A dictionary type, stored by its id (what select fields of a dictionary source keep). */
export function DictionaryTypeSelect({ value, onChange }: ValueProps) {
  const { t } = useTranslation();
  const types = useQuery({
    queryKey: ['formDesigner', 'dictionaryTypes'],
    queryFn: dictionaryTypeApi.tree,
    staleTime: STALE,
  });
  return (
    <TreeSelect
      value={value || undefined}
      onChange={(v) => onChange(v ?? undefined)}
      treeData={dictionaryTree(types.data ?? [])}
      loading={types.isLoading}
      placeholder={t('formDesigner.pickers.dictionary')}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
      data-testid="fd-dictionary-type"
    />
  );
}

const interfaceTree = (nodes: DataInterfaceCategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    // Categories group interfaces; only an interface is a source.
    selectable: n.type === 'interface',
    children: n.children?.length ? interfaceTree(n.children) : undefined,
  }));

export function DataInterfaceSelect({ value, onChange }: ValueProps) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: ['formDesigner', 'dataInterfaces'],
    queryFn: dataInterfaceApi.selector,
    staleTime: STALE,
  });
  return (
    <TreeSelect
      value={value || undefined}
      onChange={(v) => onChange(v ?? undefined)}
      treeData={interfaceTree(tree.data ?? [])}
      loading={tree.isLoading}
      placeholder={t('formDesigner.pickers.dataInterface')}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
    />
  );
}

const printTree = (nodes: PrintSelectorNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    selectable: !n.isCategory,
    children: n.children?.length ? printTree(n.children) : undefined,
  }));

export function PrintTemplateSelect({ value, onChange }: ValueProps) {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey: ['formDesigner', 'printTemplates'], queryFn: () => printDevApi.selector() });
  return (
    <TreeSelect
      value={value || undefined}
      onChange={(v) => onChange(v ?? undefined)}
      treeData={printTree(tree.data ?? [])}
      loading={tree.isLoading}
      placeholder={t('formDesigner.pickers.printTemplate')}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
      data-testid="fd-print-template"
    />
  );
}

/** The released models a relation form can point at. */
export function ModelSelect({ value, onChange }: ValueProps) {
  const { t } = useTranslation();
  const models = useQuery({ queryKey: ['formDesigner', 'models'], queryFn: modelApi.selector, staleTime: STALE });
  return (
    <Select
      value={value || undefined}
      onChange={(v) => onChange(v ?? undefined)}
      options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.fullName} (${m.enCode})` }))}
      loading={models.isLoading}
      placeholder={t('formDesigner.pickers.model')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}

function useModelFields(modelId: string | undefined) {
  return useQuery({
    queryKey: ['formDesigner', 'modelFields', modelId],
    queryFn: () => modelApi.formFields(modelId!),
    enabled: !!modelId,
    staleTime: STALE,
  });
}

/** One stored field of a released model (main-table fields: a relation shows one record). */
export function ModelFieldSelect({ modelId, value, onChange }: ValueProps & { modelId?: string }) {
  const { t } = useTranslation();
  const fields = useModelFields(modelId);
  return (
    <Select
      value={value || undefined}
      onChange={(v) => onChange(v ?? undefined)}
      options={(fields.data ?? [])
        .filter((f) => !f.table)
        .map((f) => ({ value: f.vModel, label: `${f.label || f.vModel} (${f.vModel})` }))}
      loading={fields.isFetching}
      disabled={!modelId}
      placeholder={t('formDesigner.pickers.modelField')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}

interface ColumnOption {
  value: string;
  label: string;
}

/** The columns a relation form's picker lists: fields of the model, kept as `{ value, label }`. */
export function ModelColumnsSelect({
  modelId,
  value,
  onChange,
}: {
  modelId?: string;
  value?: unknown;
  onChange: (value: ColumnOption[]) => void;
}) {
  const { t } = useTranslation();
  const fields = useModelFields(modelId);
  const chosen = Array.isArray(value) ? (value as ColumnOption[]).map((c) => c.value) : [];
  const labels = new Map((fields.data ?? []).map((f) => [f.vModel, f.label || f.vModel]));
  return (
    <Select
      mode="multiple"
      value={chosen}
      onChange={(ids: string[]) => onChange(ids.map((id) => ({ value: id, label: labels.get(id) ?? id })))}
      options={(fields.data ?? [])
        .filter((f) => !f.table)
        .map((f) => ({ value: f.vModel, label: f.label || f.vModel }))}
      loading={fields.isFetching}
      disabled={!modelId}
      placeholder={t('formDesigner.pickers.modelField')}
      style={{ width: '100%' }}
    />
  );
}

/** The bill rule a document-number field draws from, by its code, chosen in the template dialog. */
export function BillRulePicker({ value, onChange }: ValueProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={value ?? ''} readOnly placeholder={t('formDesigner.pickers.billRule')} />
        <Button onClick={() => setOpen(true)}>{t('formDesigner.pickers.billRule')}</Button>
      </Space.Compact>
      <BillRuleTemplateDialog open={open} onClose={() => setOpen(false)} onSelect={(rule) => onChange(rule.enCode)} />
    </>
  );
}
