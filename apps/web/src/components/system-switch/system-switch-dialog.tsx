import { CheckCircleFilled } from '@ant-design/icons';
import type { MenuItem } from '@atrium/shared';
import { Button, Empty, Flex, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setMajor } from '../../api/current-user.ts';
import { framedLinkMenus } from '../../router/link-menus.ts';
import { menuIcon } from '../menu-icon/menu-icon.tsx';
import { HOME_PATH, NOT_FOUND_PATH } from '../../router/guard.ts';
import { buildMenuRoutes, firstMenuPath } from '../../router/menu-routes.ts';
import { getNavigator } from '../../router/navigation.ts';
import { useSessionStore } from '../../stores/session.ts';
import { useTagsStore } from '../../stores/tags.ts';
import type { DialogProps } from '../dialogs/about-dialog.tsx';
import { feedback } from '../../app/feedback.ts';

/** The pages a menu list opens inside the shell (routes and framed links), lower-cased. */
function menuPages(menuList: readonly MenuItem[]): Set<string> {
  return new Set(
    [...buildMenuRoutes(menuList).map((r) => r.path), ...framedLinkMenus(menuList).keys()].map((p) => p.toLowerCase()),
  );
}

/**
 * Where to be after the switch: the current page when the new system has it, or when it belongs
 * to no system (the profile, the message centre), else the new system's first page. '/home' sends
 * there: the guard forwards it to the first menu page.
 */
export function landingAfterSwitch(current: string, before: readonly MenuItem[], after: readonly MenuItem[]): string {
  const [pathname] = current.split('#');
  const key = (pathname.includes('/externalLink?') ? pathname : pathname.split('?')[0]).toLowerCase();
  if (key === NOT_FOUND_PATH) return HOME_PATH;
  if (menuPages(after).has(key)) return current;
  return menuPages(before).has(key) ? HOME_PATH : current;
}

/**
 * Lists the user's systems with the current one marked; choosing another makes it current on the
 * server, then swaps the menus and permissions in place (no page reload): the open tabs of the old
 * system close and the user stays on the page if the new system has it, else lands on its first page.
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
      // The previous-login toast belongs to the sign-in, not to the switch.
      useSessionStore.getState().consumeJustLoggedIn();
      const before = useSessionStore.getState().menuList;
      const { menuList } = await useSessionStore.getState().loadCurrentUser();
      useTagsStore.getState().delAll();
      const nav = getNavigator();
      onClose();
      const landing = landingAfterSwitch(nav.current(), before, menuList ?? []);
      // In place there is no guard pass to forward /home: go to the new system's first page directly.
      const list = menuList ?? [];
      const firstPage = firstMenuPath(list) ?? framedLinkMenus(list).keys().next().value ?? HOME_PATH;
      nav.navigate(landing === HOME_PATH ? firstPage : landing, { replace: true });
    } catch {
      // The wrapper has shown the server's reason.
    } finally {
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
              <span style={{ fontSize: 20, color: '#1677ff', display: 'inline-flex' }} data-testid="system-icon">
                {menuIcon(system.icon, 2 as MenuItem['type'])}
              </span>
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
