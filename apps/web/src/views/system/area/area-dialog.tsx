import type { AreaForm } from '@atrium/shared';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaApi } from '../../../api/area.ts';
import { FormDialog } from '../../../components/admin/index.ts';
import { NameField, RecordFields } from '../../../components/admin/fields.tsx';
import { ParentSelect } from './parent-select.tsx';

export interface AreaDialogState {
  /** The area being edited; undefined when adding. */
  id?: string;
  /** A new area's parent ('-1' for a province) and its path for display. */
  parentId?: string;
  parentPath?: string;
}

interface Props {
  state: AreaDialogState | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add/edit dialog of an area; its level follows from the parent the server sees. */
export function AreaDialog({ state, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [parentPath, setParentPath] = useState('');
  const id = state?.id;
  return (
    <FormDialog<AreaForm>
      open={!!state}
      title={t(id ? 'area.editTitle' : 'area.addTitle')}
      load={
        id
          ? async () => {
              const info = await areaApi.info(id);
              setParentPath(info.parentPath);
              return info;
            }
          : undefined
      }
      initialValues={id ? undefined : { parentId: state?.parentId ?? '-1', enabledMark: 1, sortCode: 0 }}
      submit={(values, version) => (id ? areaApi.update(id, { ...values, version }) : areaApi.create(values))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="parentId"
        label={t('area.parent')}
        rules={[{ required: true, message: t('admin.requiredSelect', { field: t('area.parent') }) }]}
      >
        <ParentSelect excludeId={id ?? '0'} currentLabel={id ? parentPath : state?.parentPath} />
      </Form.Item>
      <NameField label={t('area.fullName')} />
      <Form.Item
        name="enCode"
        label={t('area.enCode')}
        extra={t('area.codeHint')}
        rules={[
          { required: true, whitespace: true, message: t('admin.required', { field: t('area.enCode') }) },
          { pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: t('area.codeHint') },
        ]}
      >
        <Input maxLength={50} data-testid="area-code" />
      </Form.Item>
      <Form.Item name="quickQuery" label={t('area.quickQuery')} extra={t('area.quickQueryHint')}>
        <Input maxLength={50} />
      </Form.Item>
      <RecordFields />
    </FormDialog>
  );
}
