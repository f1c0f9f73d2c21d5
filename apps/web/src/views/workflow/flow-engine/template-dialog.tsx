/** The template's own fields: creating one (with the default tree), or editing them beside its draft. */
import { toFormLang } from '@atrium/shared/forms';
import { defaultFlowTree, FlowTemplateType, type FlowNode } from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { flowTemplateApi, type FlowTemplateFields } from '../../../api/flow-template.ts';
import { modelApi } from '../../../api/visualdev.ts';
import { CodeField, DescriptionField, NameField, SortCodeField } from '../../../components/admin/fields.tsx';
import { FormDialog } from '../../../components/admin/index.ts';
import { DictionarySelect } from '../../../components/dictionary-select/index.ts';
import { IconPicker } from '../../../components/menu-icon/index.ts';
import { FLOW_CATEGORY_DICTIONARY, FormType } from './template-state.tsx';

interface Props {
  /** The template to edit; a new one without. */
  id?: string;
  onClose: () => void;
  /** After a save; a new template's id, so the page can open its designer. */
  onSaved: (createdId?: string) => void;
}

export function TemplateDialog({ id, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  // The draft tree read with the fields: an edit of the fields saves it unchanged.
  const draft = useRef<FlowNode | null>(null);
  const created = useRef<string | undefined>(undefined);
  const forms = useQuery({ queryKey: ['workflow', 'formOptions'], queryFn: modelApi.selector, staleTime: 60_000 });

  const load = id
    ? async () => {
        const info = await flowTemplateApi.info(id);
        draft.current = info.draftTree ?? info.nodeTree;
        return info;
      }
    : undefined;

  const submit = async (values: FlowTemplateFields, version: number | undefined) => {
    const body = { ...values, formId: values.formId || null, category: values.category ?? '' };
    if (id) return flowTemplateApi.update(id, { ...body, nodeTree: draft.current, version: version ?? 0 });
    created.current = await flowTemplateApi.create({ ...body, nodeTree: defaultFlowTree(toFormLang(i18n.language)) });
    return {};
  };

  return (
    <FormDialog<FlowTemplateFields>
      open
      title={t(id ? 'flowDesigner.engine.edit' : 'flowDesigner.engine.add')}
      load={load}
      initialValues={{ flowType: FlowTemplateType.launch, formType: FormType.designed }}
      submit={submit}
      onClose={onClose}
      onSaved={() => onSaved(created.current)}
      width={640}
    >
      {(form) => (
        <>
          <NameField label={t('flowDesigner.engine.fullName')} />
          <CodeField label={t('flowDesigner.engine.enCode')} />
          <Form.Item name="category" label={t('flowDesigner.engine.category')} rules={[{ required: true }]}>
            <DictionarySelect
              typeCode={FLOW_CATEGORY_DICTIONARY}
              valueField="enCode"
              data-testid="flow-template-category"
            />
          </Form.Item>
          <Form.Item name="flowType" label={t('flowDesigner.engine.flowType')}>
            <Radio.Group
              options={[FlowTemplateType.launch, FlowTemplateType.function].map((v) => ({
                value: v,
                label: t(`flowDesigner.engine.flowTypes.${v}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="formType" label={t('flowDesigner.engine.formType')}>
            <Radio.Group
              options={[FormType.designed, FormType.code].map((v) => ({
                value: v,
                label: t(`flowDesigner.engine.formTypes.${v}`),
              }))}
              onChange={() => form.setFieldValue('formId', null)}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['formType']}>
            {() =>
              form.getFieldValue('formType') === FormType.designed ? (
                <Form.Item name="formId" label={t('flowDesigner.engine.form')} rules={[{ required: true }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={forms.isLoading}
                    options={(forms.data ?? []).map((m) => ({ value: m.id, label: m.fullName }))}
                    data-testid="flow-template-form"
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="formId"
                  label={t('flowDesigner.engine.codeForm')}
                  extra={t('flowDesigner.engine.codeFormHint')}
                  rules={[{ required: true, whitespace: true }]}
                >
                  <Input />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="icon" label={t('flowDesigner.engine.icon')}>
            <IconPicker />
          </Form.Item>
          <Form.Item
            name="iconBackground"
            label={t('flowDesigner.engine.iconBackground')}
            rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: t('flowDesigner.engine.colourRule') }]}
          >
            {/* The browser's colour dialog: antd's ColorPicker would add its code to shared chunks. */}
            <Input type="color" style={{ width: 80 }} data-testid="flow-template-colour" />
          </Form.Item>
          <SortCodeField />
          <DescriptionField />
        </>
      )}
    </FormDialog>
  );
}
