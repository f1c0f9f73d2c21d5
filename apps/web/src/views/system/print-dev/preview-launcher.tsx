import type { UserOption } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request.ts';
import { PrintPreview } from '../../../components/print-preview/index.ts';

interface Props {
  /** The template to preview; null when closed. */
  template: { id: string; fullName: string } | null;
  onClose: () => void;
}

/**
 * Previewing a template needs a record to print: the admin picks a user (the demo templates print
 * users) or types any record id that the template's @formId stands for, then sees the preview.
 */
export function PreviewLauncher({ template, onClose }: Props) {
  const { t } = useTranslation();
  const [formId, setFormId] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const users = useQuery({
    queryKey: ['permission', 'users', 'all'],
    queryFn: async () => (await request<{ list: UserOption[] }>({ url: '/api/permission/Users/All' })).data!.list,
    enabled: !!template,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!template) {
      setFormId('');
      setPreviewing(false);
    }
  }, [template]);

  return (
    <>
      <Modal
        open={!!template && !previewing}
        title={t('printDev.chooseRecord')}
        onCancel={onClose}
        onOk={() => setPreviewing(true)}
        okButtonProps={{ disabled: !formId.trim(), ...{ 'data-testid': 'print-record-ok' } }}
        okText={t('printDev.preview')}
        destroyOnHidden
        data-testid="print-record-dialog"
      >
        <Form layout="vertical">
          <Form.Item label={t('printDev.recordUser')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              loading={users.isLoading}
              value={users.data?.some((u) => u.id === formId) ? formId : undefined}
              placeholder={t('printDev.recordUserPlaceholder')}
              options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
              onChange={(id: string | undefined) => setFormId(id ?? '')}
              data-testid="print-record-user"
            />
          </Form.Item>
          <Form.Item label={t('printDev.recordId')} extra={t('printDev.recordHelp')}>
            <Input value={formId} onChange={(e) => setFormId(e.target.value)} data-testid="print-record-id" />
          </Form.Item>
        </Form>
      </Modal>
      <PrintPreview
        open={!!template && previewing}
        templateId={template?.id}
        formId={formId.trim()}
        fullName={template?.fullName}
        onClose={onClose}
      />
    </>
  );
}
