import type { DictionaryDataForm } from '@atrium/shared';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictionaryDataApi } from '../../../api/dictionary.ts';
import { FormDialog } from '../../../components/admin/index.ts';
import { CodeField, NameField, RecordFields } from '../../../components/admin/fields.tsx';
import { DICTIONARY_KEY } from './keys.ts';
import { ParentSelect } from './parent-select.tsx';

interface Props {
  /** Closed when null; an id edits that item, otherwise a new item of typeId (under parentId). */
  target: { id?: string; parentId?: string } | null;
  typeId: string;
  /** Tree types let an item sit under another one. */
  isTree: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Create/edit a dictionary item. */
export function ItemDialog({ target, typeId, isTree, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const id = target?.id;
  return (
    <FormDialog<DictionaryDataForm>
      open={!!target}
      title={t(id ? 'dictionary.editItem' : 'dictionary.addItem')}
      load={id ? () => dictionaryDataApi.info(id) : undefined}
      initialValues={
        id
          ? undefined
          : {
              dictionaryTypeId: typeId,
              parentId: target?.parentId ?? '-1',
              isDefault: 0,
              enabledMark: 1,
              sortCode: 0,
            }
      }
      submit={(values, version) =>
        id ? dictionaryDataApi.update(id, { ...values, version }) : dictionaryDataApi.create(values)
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="dictionaryTypeId" hidden>
        <Input />
      </Form.Item>
      {isTree ? (
        <Form.Item name="parentId" label={t('dictionary.parentItem')}>
          <ParentSelect
            queryKey={[...DICTIONARY_KEY, 'item-selector', typeId, id ?? '0']}
            load={() => dictionaryDataApi.selector(typeId, id ?? '0')}
            data-testid="dictionary-item-parent"
          />
        </Form.Item>
      ) : (
        <Form.Item name="parentId" hidden>
          <Input />
        </Form.Item>
      )}
      <NameField label={t('dictionary.itemName')} />
      <CodeField label={t('dictionary.itemCode')} />
      <Form.Item name="simpleSpelling" label={t('dictionary.simpleSpelling')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={t('dictionary.isDefault')}
        getValueProps={(v: number | undefined) => ({ checked: v === 1 })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch checkedChildren={t('admin.yes')} unCheckedChildren={t('admin.no')} />
      </Form.Item>
      <RecordFields />
    </FormDialog>
  );
}
