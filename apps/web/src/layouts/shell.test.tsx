import type { LayoutType } from '@atrium/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { DEFAULT_SETTINGS, useSettingsStore } from '../stores/settings.ts';
import { useTagsStore } from '../stores/tags.ts';
import { currentUser, menuItem, seededMenu, userInfo } from '../test/fixtures.ts';
import { envelope, jsonResponse, mockFetch } from '../test/helpers.ts';
import { renderApp } from '../test/render-app.tsx';

const UNREAD = { unreadMessageCount: 2, unreadNoticeCount: 3, unreadSystemMessageCount: 1, unreadTotalCount: 6 };

function serve(user = currentUser()) {
  return mockFetch((url) => {
    if (url.pathname === '/prod/api/oauth/CurrentUser') return jsonResponse(envelope(user));
    if (url.pathname === '/prod/api/message/getUnReadMsgNum') return jsonResponse(envelope(UNREAD));
    return jsonResponse(envelope(null));
  });
}

async function openShell(layoutType: LayoutType, user = currentUser(), path = '/home') {
  useSettingsStore.setState({ layoutType });
  useSessionStore.getState().setToken('Bearer abc');
  const fetched = serve(user);
  const app = renderApp(path);
  await screen.findByTestId(`layout-${layoutType}`, {}, { timeout: 8000 });
  return { ...app, ...fetched };
}

describe('shell layouts', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    useSessionStore.getState().resetToken();
    useTagsStore.getState().reset();
    useSettingsStore.setState({ ...DEFAULT_SETTINGS, sidebarOpened: true, device: 'desktop', settingsOpen: false });
    await useSettingsStore.getState().setLanguage('en-US');
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['classic', 'functional', 'blend', 'plain'] as const)(
    'S1-2.4-01..04 S1-2.4-06 renders the %s layout with the top bar and the pinned home tag',
    async (layoutType) => {
      await openShell(layoutType);
      expect(await screen.findByTestId('home-page')).toBeTruthy();
      for (const id of [
        'menu-search-button',
        'language-switch',
        'size-switch',
        'settings-button',
        'message-bell',
        'user-dropdown',
      ])
        expect(screen.getByTestId(id)).toBeTruthy();
      expect(screen.getByTestId('tag-/home').textContent).toBe('Home');
      expect(screen.getByTestId('chat-button')).toBeTruthy();
    },
  );

  it('S1-6-07 S1-8-05 tells a user without menus to contact the administrator, in every layout', async () => {
    for (const layoutType of ['classic', 'functional', 'blend', 'plain'] as const) {
      const { unmount } = await openShell(layoutType, currentUser({ menuList: [] }));
      expect((await screen.findByTestId('no-permission')).textContent).toBe(
        'Your permission is insufficient, contact the administrator',
      );
      unmount();
      useSessionStore.getState().resetToken();
    }
  });

  it('shows the unread total on the bell and the counts per type in its pop-over', async () => {
    const { calls } = await openShell('classic');
    const bell = screen.getByTestId('message-bell');
    await waitFor(() => expect(bell.textContent).toContain('6'));
    expect(calls.filter((c) => c.url.pathname === '/prod/api/message/getUnReadMsgNum')).toHaveLength(1);
    fireEvent.click(bell);
    expect((await screen.findByTestId('message-count-notice')).textContent).toContain('3');
    expect(screen.getByTestId('message-count-flow').textContent).toContain('2');
    expect(screen.getByTestId('message-count-system').textContent).toContain('1');
  });

  it('S1-8-16 switches the language with a toast in the new language and saves it for the user', async () => {
    const { calls } = await openShell('classic');
    fireEvent.click(screen.getByTestId('language-switch'));
    fireEvent.click(await screen.findByTestId('language-zh-TW'));
    expect(await screen.findByText('切換成功')).toBeTruthy();
    expect(i18n.language).toBe('zh-TW');
    expect(screen.getByTestId('tag-/home').textContent).toBe('首頁');
    await waitFor(() => {
      const put = calls.find((c) => c.url.pathname.endsWith('/Users/Current/SystemLanguage'));
      expect(put?.init.method).toBe('PUT');
      expect(JSON.parse(String(put?.init.body))).toEqual({ language: 'zh-TW' });
    });
  });

  it('S1-8-17 switches the size with its toast', async () => {
    await openShell('classic');
    fireEvent.click(screen.getByTestId('size-switch'));
    fireEvent.click(await screen.findByTestId('size-mini'));
    expect(await screen.findByText('Switch Size Success')).toBeTruthy();
    expect(useSettingsStore.getState().size).toBe('mini');
  });

  it('S1-2.4-31 switches the layout from the settings drawer and saves it for the user', async () => {
    const { calls } = await openShell('classic');
    fireEvent.click(screen.getByTestId('settings-button'));
    fireEvent.click(await screen.findByTestId('layout-option-functional', {}, { timeout: 5000 }));
    expect(await screen.findByTestId('layout-functional')).toBeTruthy();
    fireEvent.click(screen.getByTestId('theme-color-green'));
    await waitFor(
      () => {
        const put = calls.find((c) => c.url.pathname.endsWith('/Users/Current/SystemTheme'));
        expect(JSON.parse(String(put?.init.body))).toMatchObject({
          theme: 'functional',
          preferences: { themeColor: 'green', darkMode: false, useCache: true },
        });
      },
      { timeout: 3000 },
    );
  });

  it('S1-2.4-07 S1-2.4-08 offers the system switch only to users of several systems', async () => {
    const one = await openShell('classic');
    fireEvent.click(screen.getByTestId('user-dropdown'));
    expect(await screen.findByTestId('profile-item')).toBeTruthy();
    for (const id of ['lock-item', 'about-item', 'statement-item', 'logout-item'])
      expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.queryByTestId('system-switch-item')).toBeNull();
    one.unmount();
    useSessionStore.getState().resetToken();

    const systems = [
      { id: 's1', name: 'One', icon: '', currentSystem: true },
      { id: 's2', name: 'Two', icon: '', currentSystem: false },
    ];
    await openShell('classic', currentUser({ userInfo: userInfo({ systemIds: systems }) }));
    fireEvent.click(screen.getByTestId('user-dropdown'));
    expect(await screen.findByTestId('system-switch-item')).toBeTruthy();
  });

  it('S1-4-36 blend: the top menu picks the group shown in the side bar; an entry without children closes it', async () => {
    const menuList = [
      ...seededMenu(),
      menuItem({ id: 'solo', fullName: 'Solo page', urlAddress: 'solo/page', icon: 'icon-ym icon-ym-report' }),
    ];
    const { router } = await openShell('blend', currentUser({ menuList }));
    const top = screen.getByTestId('top-menu');
    expect(top.textContent).toContain('Workbench');
    expect(top.textContent).toContain('Solo page');
    expect(screen.getByTestId('side-menu').textContent).toContain('Home');
    fireEvent.click(within(top).getByText('Solo page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/solo/page'));
    expect(useSettingsStore.getState().sidebarOpened).toBe(false);
    // The shell has rendered the new page (the router's state changes before React renders it).
    await screen.findByTestId('tag-/solo/page');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    fireEvent.click(within(top).getByText('Workbench'));
    expect(useSettingsStore.getState().sidebarOpened).toBe(true);
    expect(screen.getByTestId('side-menu').textContent).toContain('Home');
  });

  it('S1-2.4-12 S1-2.4-16 adds visited views as tags; closing the current one goes back', async () => {
    const menuList = [...seededMenu(), menuItem({ id: 'other', fullName: 'Other', urlAddress: 'other/page' })];
    const { router } = await openShell('classic', currentUser({ menuList }), '/other/page');
    const tag = await screen.findByTestId('tag-/other/page');
    expect(tag.textContent).toBe('Other');
    fireEvent.mouseUp(tag, { button: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByTestId('tag-/other/page')).toBeNull();
    fireEvent.mouseUp(screen.getByTestId('tag-/home'), { button: 1 });
    expect(screen.getByTestId('tag-/home')).toBeTruthy();
  });

  it('S1-2.1-07 S1-2.4-11 refreshes a view through /redirect and lands back on it', async () => {
    const { router } = await openShell('classic');
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname));
    fireEvent.contextMenu(screen.getByTestId('tag-/home'));
    fireEvent.click(await screen.findByTestId('tag-refresh'));
    await waitFor(() => expect(seen).toContain('/redirect/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByTestId('home-page')).toBeTruthy();
  });

  it('S1-2.4-18 opens the menu search with Ctrl+K, moves with arrows and opens with Enter', async () => {
    const menuList = [...seededMenu(), menuItem({ id: 'users', fullName: 'Users', urlAddress: 'permission/user' })];
    const { router } = await openShell('classic', currentUser({ menuList }), '/home');
    act(() => {
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    });
    const input = await screen.findByTestId('menu-search-input', {}, { timeout: 8000 });
    fireEvent.change(input, { target: { value: 'user' } });
    expect((await screen.findAllByTestId('menu-search-result'))[0].textContent).toContain('Users');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/permission/user'));
  });
});
