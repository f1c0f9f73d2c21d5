import {
  InfoCircleOutlined,
  LockOutlined,
  LogoutOutlined,
  SwapOutlined,
  UserOutlined,
  FileProtectOutlined,
  CommentOutlined,
  ReadOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiUrl } from '../api/request.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';
import { feedback } from '../app/feedback.ts';
import { useMenuButton } from './use-menu-button.tsx';

// Dialogs load when first opened: they are not needed for the shell's first paint.
const AboutDialog = lazy(() =>
  import('../components/dialogs/about-dialog.tsx').then((m) => ({ default: m.AboutDialog })),
);
const StatementDialog = lazy(() =>
  import('../components/dialogs/statement-dialog.tsx').then((m) => ({ default: m.StatementDialog })),
);
const SystemSwitchDialog = lazy(() =>
  import('../components/system-switch/system-switch-dialog.tsx').then((m) => ({ default: m.SystemSwitchDialog })),
);

type DialogName = 'about' | 'statement' | 'system';

/** Avatar paths come relative to the API (/api/file/...); full URLs and data URLs stay as they are. */
function avatarSrc(headIcon: string | undefined): string | undefined {
  if (!headIcon) return undefined;
  return headIcon.startsWith('/api/') ? apiUrl(headIcon) : headIcon;
}

/** The avatar menu: profile, system switch, about, statement, lock, feedback, user guide, logout. */
export function UserDropdown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = feedback();
  const userInfo = useSessionStore((s) => s.userInfo);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const { dropdownProps, triggerRef } = useMenuButton();
  // Mounted once opened, so closing plays the dialog's own animation instead of unmounting it.
  const [mounted, setMounted] = useState<Set<DialogName>>(() => new Set());

  function open(name: DialogName) {
    setMounted((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    setDialog(name);
  }

  function confirmLogout() {
    void modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await useSessionStore.getState().logout();
        navigate('/login', { replace: true });
      },
    });
  }

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="profile-item">{t('shell.profile')}</span> },
  ];
  // Only for users of more than one system.
  if ((userInfo?.systemIds?.length ?? 0) > 1)
    items.push({
      key: 'system',
      icon: <SwapOutlined />,
      label: <span data-testid="system-switch-item">{t('shell.systemSwitch')}</span>,
    });
  // Keyboard users count their way down: profile, about, statement, lock keep their places, and the
  // help entries (feedback, user guide) come after them.
  items.push(
    { key: 'about', icon: <InfoCircleOutlined />, label: <span data-testid="about-item">{t('shell.about')}</span> },
    {
      key: 'statement',
      icon: <FileProtectOutlined />,
      label: <span data-testid="statement-item">{t('shell.statement')}</span>,
    },
    { key: 'lock', icon: <LockOutlined />, label: <span data-testid="lock-item">{t('shell.lockScreen')}</span> },
    {
      key: 'feedback',
      icon: <CommentOutlined />,
      label: <span data-testid="feedback-item">{t('feedback.entry')}</span>,
    },
    { key: 'docs', icon: <ReadOutlined />, label: <span data-testid="docs-item">{t('feedback.docsEntry')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout-item">{t('layout.logout')}</span> },
  );

  function onClick({ key }: { key: string }) {
    switch (key) {
      case 'profile':
      case 'feedback':
      case 'docs':
        navigate(`/${key}`);
        return;
      case 'system':
      case 'about':
      case 'statement':
        open(key);
        return;
      case 'lock':
        void useSessionStore.getState().lockScreen();
        return;
      case 'logout':
        confirmLogout();
        return;
    }
  }

  const close = () => setDialog(null);
  return (
    <>
      {/* The open menu takes the focus, so the arrows move through it at once. */}
      <Dropdown trigger={['click']} {...dropdownProps} menu={{ items, onClick }}>
        {/* A real button: Enter and Space open the menu, then the arrows and Escape work as in the
            language and size menus (a span with role=button never saw the keys). */}
        <Button
          ref={triggerRef}
          type="text"
          data-testid="user-dropdown"
          className={styles.user}
          aria-label={t('shellUi.userMenu')}
        >
          <Avatar size="small" src={avatarSrc(userInfo?.headIcon)} icon={<UserOutlined />} />
          {!mobile && <span className={styles.userName}>{userInfo?.userName}</span>}
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {mounted.has('about') && <AboutDialog open={dialog === 'about'} onClose={close} />}
        {mounted.has('statement') && <StatementDialog open={dialog === 'statement'} onClose={close} />}
        {mounted.has('system') && <SystemSwitchDialog open={dialog === 'system'} onClose={close} />}
      </Suspense>
    </>
  );
}
