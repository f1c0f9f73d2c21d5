import { MENU_TYPES, MENU_TYPES_WITH_ADDRESS, type MenuSelectorNode } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/index.ts';
import { IconPicker } from '../../../components/menu-icon/index.ts';
import {
  CodeField,
  DescriptionField,
  EnabledField,
  NameField,
  SortCodeField,
} from '../../../components/admin/fields.tsx';
import { menuApi, type MenuBody } from './api.ts';
import { NameTranslationFields } from './name-translations.tsx';

interface Props {
  /** Open with `id` to edit, without to create (under `parentId`). */
  dialog: { id?: string; parentId?: string } | null;
  systemId: string;
  onClose: () => void;
  onSaved: () => void;
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

function toOptions(nodes: MenuSelectorNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    ...(n.children?.length ? { children: toOptions(n.children) } : {}),
  }));
}

/** True when the text is a JSON object (the server's rule for propertyJson). */
export function isJsonObject(text: string | undefined): boolean {
  if (!text) return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/**
 * Create/edit a menu entry: type, parent, names (Simplified Chinese, English, Traditional Chinese),
 * address, link target, property JSON, sort, state.
 */
export function MenuDialog({ dialog, systemId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const id = dialog?.id;
  const parents = useQuery({
    queryKey: ['system', 'menu', 'selector', systemId, id ?? '0'],
    queryFn: () => menuApi.selector(id ?? '0', systemId),
    enabled: !!dialog && !!systemId,
  });
  const parentOptions: TreeOption[] = [
    { value: '-1', title: t('authorize.topLevel'), children: toOptions(parents.data ?? []) },
  ];

  return (
    <FormDialog<MenuBody>
      open={!!dialog}
      width={640}
      title={t(id ? 'authorize.editMenu' : 'authorize.addMenu')}
      load={id ? () => menuApi.info(id) : undefined}
      initialValues={
        id
          ? undefined
          : {
              parentId: dialog?.parentId ?? '-1',
              type: 2,
              linkTarget: '_self',
              propertyJson: '{}',
              enabledMark: 1,
              sortCode: 0,
            }
      }
      submit={(values, version) => {
        const body: MenuBody = { ...values, propertyJson: values.propertyJson?.trim() || '{}' };
        return id ? menuApi.update(id, { ...body, version }) : menuApi.create({ ...body, systemId });
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <Form.Item name="parentId" label={t('authorize.parent')} rules={[{ required: true }]}>
            <TreeSelect
              treeData={parentOptions}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              loading={parents.isLoading}
              data-testid="menu-parent"
            />
          </Form.Item>
          <Form.Item name="type" label={t('authorize.type')} rules={[{ required: true }]}>
            <Select
              options={MENU_TYPES.map((type) => ({ value: type, label: t(`authorize.type${type}`) }))}
              data-testid="menu-type"
            />
          </Form.Item>
          <NameField label={t('authorize.menuName')} />
          <NameTranslationFields testIdPrefix="menu" />
          <CodeField label={t('authorize.menuCode')} />
          <Form.Item name="icon" label={t('authorize.icon')}>
            <IconPicker data-testid="menu-icon" />
          </Form.Item>
          <Form.Item noStyle dependencies={['type']}>
            {() => {
              const type = form.getFieldValue('type') as number;
              const needed = MENU_TYPES_WITH_ADDRESS.includes(type);
              const hint = type === 2 || type === 6 || type === 7 ? t(`authorize.urlHint${type}`) : undefined;
              return (
                <Form.Item
                  name="urlAddress"
                  label={t('authorize.urlAddress')}
                  extra={hint}
                  rules={[
                    {
                      required: needed,
                      whitespace: true,
                      message: t('admin.required', { field: t('authorize.urlAddress') }),
                    },
                    ...(type === 7 ? [{ pattern: /^(https?:\/\/|\/)/i, message: t('authorize.urlHint7') }] : []),
                  ]}
                >
                  <Input maxLength={500} data-testid="menu-url" />
                </Form.Item>
              );
            }}
          </Form.Item>
          <Form.Item name="linkTarget" label={t('authorize.linkTarget')}>
            <Radio.Group
              options={[
                { value: '_self', label: t('authorize.targetSelf') },
                { value: '_blank', label: t('authorize.targetBlank') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="propertyJson"
            label={t('authorize.propertyJson')}
            extra={t('authorize.propertyHint')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  isJsonObject(value?.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('authorize.propertyInvalid'))),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={4000} style={{ fontFamily: 'monospace' }} data-testid="menu-property" />
          </Form.Item>
          <SortCodeField />
          <EnabledField />
          <DescriptionField />
        </>
      )}
    </FormDialog>
  );
}
