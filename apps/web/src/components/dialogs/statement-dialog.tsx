import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from './about-dialog.tsx';

/** The official statement: open-source licence; the demo data is fictional, not to be altered or sold. */
export function StatementDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText={t('dialogs.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={t('dialogs.statement.title')}
      width={560}
      destroyOnHidden
      data-testid="statement-dialog"
    >
      <Typography>
        <Typography.Paragraph>{t('dialogs.statement.licence')}</Typography.Paragraph>
        <Typography.Paragraph>{t('dialogs.statement.demoData')}</Typography.Paragraph>
        <Typography.Paragraph strong>{t('dialogs.statement.noAlter')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('dialogs.statement.liability')}</Typography.Paragraph>
      </Typography>
    </Modal>
  );
}
