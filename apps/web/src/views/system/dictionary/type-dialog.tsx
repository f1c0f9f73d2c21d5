import type { DictionaryTypeForm } from '@atrium/shared';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictionaryTypeApi } from '../../../api/dictionary.ts';
import { FormDialog } from '../../../components/admin/index.ts';
import { CodeField, NameField, RecordFields } from '../../../components/admin/fields.tsx';
import { DICTIONARY_KEY } from './keys.ts';
import { ParentSelect } from './parent-select.tsx';

interface Props {
  /** Closed when null; an id edits that type, otherwise a new type is created under parentId. */
  target: { id?: string; parentId?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create/edit a dictionary type: parent, name, code, flat or tree items, order, state, note. */
export function TypeDialog({ target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const id = target?.id;
  return (
    <FormDialog<DictionaryTypeForm>
      open={!!target}
      title={t(id ? 'dictionary.editType' : 'dictionary.addType')}
      load={id ? () => dictionaryTypeApi.info(id) : undefined}
      initialValues={id ? undefined : { parentId: target?.parentId ?? '-1', isTree: 0, enabledMark: 1, sortCode: 0 }}
      submit={(values, version) =>
        id ? dictionaryTypeApi.update(id, { ...values, version }) : dictionaryTypeApi.create(values)
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="parentId"
        label={t('dictionary.parentType')}
        rules={[{ required: true, message: t('admin.requiredSelect', { field: t('dictionary.parentType') }) }]}
      >
        <ParentSelect
          queryKey={[...DICTIONARY_KEY, 'type-selector', id ?? '0']}
          load={() => dictionaryTypeApi.selector(id ?? '0')}
          data-testid="dictionary-type-parent"
        />
      </Form.Item>
      <NameField label={t('dictionary.typeName')} />
      <CodeField label={t('dictionary.typeCode')} />
      <Form.Item
        name="isTree"
        label={t('dictionary.isTree')}
        getValueProps={(v: number | undefined) => ({ checked: v === 1 })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch checkedChildren={t('dictionary.treeYes')} unCheckedChildren={t('dictionary.treeNo')} />
      </Form.Item>
      <RecordFields />
    </FormDialog>
  );
}
