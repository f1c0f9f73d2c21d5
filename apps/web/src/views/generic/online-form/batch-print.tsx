import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Radio } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../../../api/print-dev.ts';
import { namedTemplates } from '../../../components/print-preview/templates.ts';
import styles from './online-form.module.css';

const PrintPreview = lazy(async () => ({
  default: (await import('../../../components/print-preview/index.ts')).PrintPreview,
}));

interface Props {
  /** The list's print templates (`columnData.printIds`). */
  printIds: readonly string[];
  /** The records to print, in the list's order. */
  recordIds: readonly string[];
  /** The model's name: the download is named after it. */
  fullName: string;
  onClose: () => void;
}

/**
 * The list's batch print: the template to print with (asked when the list names several, the only
 * one straight away), then the print preview of every chosen record, which prints them in one job,
 * each record starting on a new page.
 */
export function BatchPrint({ printIds, recordIds, fullName, onClose }: Props) {
  const { t } = useTranslation();
  const choosing = printIds.length > 1;
  const [chosen, setChosen] = useState<string | undefined>(choosing ? undefined : printIds[0]);
  const [picked, setPicked] = useState<string>();
  const selector = useQuery({
    queryKey: ['printDev', 'selector'],
    queryFn: () => printDevApi.selector(),
    enabled: choosing,
  });
  const templates = useMemo(() => namedTemplates(selector.data ?? [], printIds), [selector.data, printIds]);

  if (chosen)
    return (
      <Suspense fallback={null}>
        <PrintPreview open templateId={chosen} formIds={recordIds} fullName={fullName} onClose={onClose} />
      </Suspense>
    );
  const current = picked ?? templates[0]?.id;
  return (
    <Modal
      open
      title={t('onlineForm.chooseTemplate')}
      loading={selector.isLoading}
      onCancel={onClose}
      onOk={() => setChosen(current)}
      okButtonProps={{ disabled: !current }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      data-testid="online-print-choose"
    >
      {templates.length ? (
        <Radio.Group
          value={current}
          onChange={(e) => setPicked(String(e.target.value))}
          className={styles.printChoices}
          options={templates.map((tpl) => ({ value: tpl.id, label: tpl.fullName }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onlineForm.noPrintTemplate')} />
      )}
    </Modal>
  );
}
