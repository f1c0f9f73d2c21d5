import { AppstoreOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Button, Empty, Flex, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setMajor } from '../../api/current-user.ts';
import { useSessionStore } from '../../stores/session.ts';
import type { DialogProps } from '../dialogs/about-dialog.tsx';
import { feedback } from '../../app/feedback.ts';

/** How long the server's answer shows before the page reloads into the new system. */
const RELOAD_DELAY_MS = 1000;

/**
 * Lists the user's systems with the current one marked; choosing another makes it current on the
 * server and reloads, so the new system's menus and permissions load from scratch.
 */
export function SystemSwitchDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = feedback();
  const systems = useSessionStore((s) => s.userInfo?.systemIds ?? []);
  const [switching, setSwitching] = useState<string | null>(null);

  async function choose(id: string) {
    setSwitching(id);
    try {
      const { msg } = await setMajor(id, 'System');
      void message.success(msg || t('systemSwitch.success'));
      // The previous-login toast belongs to the sign-in, not to the reload that follows.
      useSessionStore.getState().consumeJustLoggedIn();
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch {
      // The wrapper has shown the server's reason.
      setSwitching(null);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('systemSwitch.title')}
      width={480}
      destroyOnHidden
      data-testid="system-switch-dialog"
    >
      {systems.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('systemSwitch.empty')} />
      ) : (
        <Flex vertical gap={8}>
          {systems.map((system) => (
            <Flex
              key={system.id}
              align="center"
              gap={12}
              data-testid={`system-${system.id}`}
              style={{
                padding: '10px 12px',
                border: `1px solid ${system.currentSystem ? '#91caff' : '#f0f0f0'}`,
                borderRadius: 8,
                background: system.currentSystem ? '#e6f4ff' : undefined,
              }}
            >
              <AppstoreOutlined style={{ fontSize: 20, color: '#1677ff' }} />
              <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{system.name}</span>
              {system.currentSystem ? (
                <Tag color="blue" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
                  {t('systemSwitch.current')}
                </Tag>
              ) : (
                <Button
                  type="link"
                  size="small"
                  loading={switching === system.id}
                  disabled={switching !== null}
                  onClick={() => void choose(system.id)}
                >
                  {t('systemSwitch.switchTo')}
                </Button>
              )}
            </Flex>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
