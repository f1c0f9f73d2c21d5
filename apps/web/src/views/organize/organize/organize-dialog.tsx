import type { OrganizeCategory, OrganizeForm, OrganizeInfo } from '@atrium/shared';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/index.ts';
import { organizeApi } from '../../../api/organize.ts';
import {
  CodeField,
  ManagerSelect,
  NameField,
  OrganizeSelect,
  RecordFields,
} from '../../../components/admin/fields.tsx';

export interface OrganizeDialogState {
  category: OrganizeCategory;
  /** The organisation being edited; undefined when creating. */
  id?: string;
  /** Preselected parent of a new organisation. */
  parentId?: string;
}

interface Props {
  state: OrganizeDialogState | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create/edit dialog of a company or department. */
export function OrganizeDialog({ state, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [managerLabel, setManagerLabel] = useState('');
  const company = state?.category === 'company';
  const title = state?.id
    ? t(company ? 'organize.editCompany' : 'organize.editDepartment')
    : t(company ? 'organize.addCompany' : 'organize.addDepartment');
  const id = state?.id;
  return (
    <FormDialog<OrganizeForm>
      open={!!state}
      title={title}
      load={
        id
          ? async () => {
              const info: OrganizeInfo = await organizeApi.info(id);
              setManagerLabel(info.managerName);
              return info;
            }
          : undefined
      }
      initialValues={
        id ? undefined : { parentId: state?.parentId ?? (company ? '-1' : undefined), enabledMark: 1, sortCode: 0 }
      }
      submit={(values, version) => {
        const body = { ...values, category: state!.category, managerId: values.managerId ?? null };
        if (id) return organizeApi.update(id, { ...body, version });
        return company ? organizeApi.createCompany(body) : organizeApi.createDepartment(body);
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="parentId"
        label={t('organize.parent')}
        rules={[{ required: true, message: t('admin.requiredSelect', { field: t('organize.parent') }) }]}
      >
        <OrganizeSelect excludeId={id} allowTop={company} companiesOnly={company} />
      </Form.Item>
      <NameField label={t(company ? 'organize.companyName' : 'organize.departmentName')} />
      <CodeField label={t('organize.enCode')} />
      <Form.Item name="managerId" label={t('organize.manager')}>
        <ManagerSelect currentLabel={managerLabel} />
      </Form.Item>
      <RecordFields />
    </FormDialog>
  );
}
