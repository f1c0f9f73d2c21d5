import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { currentUser, menuItem } from '../test/fixtures.ts';
import { envelope, jsonResponse, mockFetch } from '../test/helpers.ts';
import { renderApp } from '../test/render-app.tsx';

function signIn() {
  useSessionStore.getState().setToken('Bearer abc');
}

describe('app routing', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    useSessionStore.getState().resetToken();
    // These scenarios read the side menu: the classic layout has the whole menu there.
    useSettingsStore.setState({ sidebarOpened: true, device: 'desktop', layoutType: 'classic' });
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /login with the wanted path', async () => {
    mockFetch(() => jsonResponse(envelope(null)));
    const { router } = renderApp('/home?tab=2');
    // The first render loads antd and the lazy pages, which takes a while in happy-dom.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    expect(router.state.location.search).toBe('?redirect=%2Fhome%3Ftab%3D2');
    expect(await screen.findByTestId('login-account')).toBeTruthy();
    expect(document.title).toBe('Sign in - Atrium');
  });

  it('loads the current user, builds the menu and shows home in the classic layout', async () => {
    signIn();
    const { calls } = mockFetch((url) =>
      url.pathname === '/prod/api/oauth/CurrentUser'
        ? jsonResponse(envelope(currentUser()))
        : jsonResponse(envelope(null)),
    );
    const { router } = renderApp('/');
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(calls.filter((c) => c.url.pathname === '/prod/api/oauth/CurrentUser')).toHaveLength(1);
    const menu = screen.getByTestId('side-menu');
    expect(menu.textContent).toContain('Workbench');
    expect(menu.textContent).toContain('Home');
    expect(screen.getByTestId('user-dropdown').textContent).toContain('Administrator');
    expect(screen.getByTestId('home-page').textContent).toContain('Hello, Administrator');
    expect(screen.getByTestId('home-page').textContent).toContain('Demo Company');
    await waitFor(() => expect(document.title).toBe('Home - Atrium Demo'));
  });

  it('routes a menu page whose view is not registered to the 404 view inside the layout', async () => {
    signIn();
    const menuList = [
      menuItem({
        id: 'sys',
        type: 1,
        fullName: 'System',
        children: [menuItem({ id: 'users', fullName: 'Users', urlAddress: 'report/sales' })],
      }),
    ];
    mockFetch(() => jsonResponse(envelope(currentUser({ menuList }))));
    const { router } = renderApp('/report/sales');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/report/sales');
    expect(screen.getByTestId('side-menu')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Users - Atrium Demo'));
  });

  it("S1-2.4-39 a menu page's title follows its menu's name when the language changes the menus", async () => {
    signIn();
    const menus = (name: string) => [
      menuItem({
        id: 'sys',
        type: 1,
        fullName: 'System',
        children: [menuItem({ id: 'users', fullName: name, urlAddress: 'report/sales' })],
      }),
    ];
    mockFetch(() => jsonResponse(envelope(currentUser({ menuList: menus('用户管理') }))));
    renderApp('/report/sales');
    await waitFor(() => expect(document.title).toBe('用户管理 - Atrium Demo'));
    act(() => useSessionStore.setState({ menuList: menus('Users') }));
    await waitFor(() => expect(document.title).toBe('Users - Atrium Demo'));
  });

  it('sends /home to the first page of the first menu', async () => {
    signIn();
    const menuList = [
      menuItem({
        id: 'sys',
        type: 1,
        fullName: 'System',
        children: [menuItem({ id: 'users', fullName: 'Users', urlAddress: '/report/sales' })],
      }),
    ];
    mockFetch(() => jsonResponse(envelope(currentUser({ menuList }))));
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/sales'));
  });

  it('S1-2.1-19 sends unknown paths to /404', async () => {
    signIn();
    mockFetch(() => jsonResponse(envelope(currentUser())));
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });

  it('S1-8-05 shows the insufficient-permission text when the user has no menus', async () => {
    signIn();
    mockFetch(() => jsonResponse(envelope(currentUser({ menuList: [] }))));
    renderApp('/home');
    await screen.findByTestId('home-page');
    expect(screen.getByTestId('side-menu').textContent).toBe(
      'Your permission is insufficient, contact the administrator',
    );
    expect(screen.getByTestId('home-welcome').textContent).toContain('Welcome to Atrium Demo');
  });

  it('S1-2.3-09 S1-8-06 resets the token and returns to /login with the redirect when loading the user fails', async () => {
    signIn();
    mockFetch(() => jsonResponse({ code: 600, msg: 'session expired' }, 401));
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fhome');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('S1-5-24 S1-8-21 logs out after confirmation', async () => {
    signIn();
    const { calls } = mockFetch((url) =>
      url.pathname === '/prod/api/oauth/CurrentUser'
        ? jsonResponse(envelope(currentUser()))
        : jsonResponse(envelope(null)),
    );
    const { router } = renderApp('/home');
    await screen.findByTestId('home-page');
    fireEvent.click(screen.getByTestId('user-dropdown'));
    fireEvent.click(await screen.findByTestId('logout-item'));
    expect(await screen.findByText('Are you sure you want to exit the application?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url.pathname === '/prod/api/oauth/Logout')).toBe(true);
    expect(useSessionStore.getState().token).toBeNull();
    expect(sessionStorage.getItem('ATRIUM__TOKEN')).toBeNull();
  });

  it('S1-4-33 toggles the sidebar from the hamburger', async () => {
    signIn();
    mockFetch(() => jsonResponse(envelope(currentUser())));
    renderApp('/home');
    await screen.findByTestId('home-page');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(useSettingsStore.getState().sidebarOpened).toBe(false);
    expect(localStorage.getItem('ATRIUM__SIDEBARSTATUS')).toBe('false__boolean');
  });
});
