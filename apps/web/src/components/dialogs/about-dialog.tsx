import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYS_NAME } from '../../app/constants.ts';
import logoUrl from '../../assets/logo.svg';
import { useSessionStore } from '../../stores/session.ts';

export interface DialogProps {
  open: boolean;
  onClose(): void;
}

/** About the platform: name, version (from the system config), author, copyright. */
export function AboutDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const config = useSessionStore((s) => s.sysConfigInfo);
  const name = config?.sysName || DEFAULT_SYS_NAME;
  const year = new Date().getFullYear();

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('dialogs.about.title')}
      footer={null}
      width={480}
      destroyOnHidden
      data-testid="about-dialog"
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <img src={logoUrl} alt="" width={40} height={40} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
      </div>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: t('dialogs.about.name'), children: name },
          { key: 'version', label: t('dialogs.about.version'), children: config?.sysVersion || '-' },
          { key: 'author', label: t('dialogs.about.author'), children: t('dialogs.about.authorName') },
          { key: 'licence', label: t('dialogs.about.licence'), children: t('dialogs.about.licenceName') },
          {
            key: 'copyright',
            label: t('dialogs.about.copyright'),
            children: config?.copyright || t('dialogs.about.copyrightDefault', { year }),
          },
        ]}
      />
    </Modal>
  );
}
