import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers.ts';

test.describe('sign-in journey', () => {
  test('S1-2.1-01 S1-2.3-04 S1-2.3-08 S1-4-01 S1-5-24 S1-8-21 open /, sign in as admin, see the menu, reload, sign out', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();

    await signIn(page, 'admin', 'admin123');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    // Sign-in chooses the blend layout: groups on top, the chosen group's pages at the side.
    await expect(page.getByTestId('layout-blend')).toBeVisible();
    await expect(page.getByTestId('top-menu')).toContainText('工作台');
    await expect(page.getByTestId('side-menu')).toContainText('首页');

    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toContainText('首页');

    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('logout-item').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('您确定要退出系统吗？');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-submit')).toBeVisible();

    // The session is over on the server too: the stored token is gone and going home asks to sign in.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  });

  test('S1-8-01 S1-8-03 a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'staff', 'wrong-pass1');
    await expect(page.getByTestId('login-error')).toContainText('账号或密码错误');
    await expect(page).toHaveURL(/\/login/);
  });

  test('five wrong passwords lock a demo user; after the admin unlocks it the user can sign in', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    for (let i = 1; i <= 4; i++) {
      await signIn(page, 'youjia', `wrong-pass${i}`);
      await expect(page.getByTestId('login-error')).toContainText('账号或密码错误');
    }
    await signIn(page, 'youjia', 'wrong-pass5');
    await expect(page.getByTestId('login-error')).toContainText('账号已被锁定');
    await signIn(page, 'youjia', 'demo1234');
    await expect(page.getByTestId('login-error')).toContainText('账号已被锁定');
    await expect(page).toHaveURL(/\/login/);

    const admin = await apiToken(request, 'admin', 'admin123');
    // The users screen arrives with the organisation module; these are the calls it makes.
    const found = await (
      await request.get('/prod/api/permission/Users?keyword=youjia', { headers: { Authorization: admin } })
    ).json();
    expect(found.data.list[0]).toMatchObject({ account: 'youjia', lockMark: 1 });
    const id = found.data.list[0].id;
    const unlocked = await (
      await request.put(`/prod/api/permission/Users/${id}/Actions/unlock`, { headers: { Authorization: admin } })
    ).json();
    expect(unlocked).toEqual({ code: 200, msg: '解锁成功' });

    await signIn(page, 'youjia', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('S1-7-02 S1-7-03 S1-7-05 S1-3-21 S1-3-22 calls carry origin, token and timestamp; storage is prefixed and typed', async ({
    page,
  }) => {
    const calls: { url: URL; method: string; headers: Record<string, string>; body: string | null }[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/prod/api/'))
        calls.push({ url, method: req.method(), headers: req.headers(), body: req.postData() });
    });
    await page.goto('/login');
    await signIn(page, 'finance', 'demo1234');
    await expect(page.getByTestId('home-page')).toBeVisible();

    const login = calls.find((c) => c.url.pathname === '/prod/api/oauth/Login')!;
    expect(login.method).toBe('POST');
    expect(login.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(login.body ?? '');
    expect(form.get('account')).toBe('finance');
    expect(form.get('password')).toMatch(/^[0-9a-f]{32}$/);
    expect(form.get('grant_type')).toBe('password');
    expect(login.url.searchParams.get('scope')).toBe('all');

    const current = calls.find((c) => c.url.pathname === '/prod/api/oauth/CurrentUser')!;
    expect(current.headers['jnpf-origin']).toBe('pc');
    expect(current.headers['authorization']).toMatch(/^Bearer /);
    for (const call of calls) {
      expect(call.url.searchParams.get('n'), call.url.pathname).toMatch(/^\d{10}$/);
      expect(Math.abs(Number(call.url.searchParams.get('n')) - Date.now() / 1000)).toBeLessThan(120);
    }
    const getConfig = calls.find((c) => c.url.pathname.startsWith('/prod/api/oauth/getConfig/'));
    if (getConfig) expect(getConfig.method).toBe('GET');

    const stored = await page.evaluate(() => ({
      session: Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])),
      local: Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])),
    }));
    expect(stored.session['ATRIUM__TOKEN']).toBe(`${JSON.stringify(current.headers['authorization'])}__string`);
    for (const key of [...Object.keys(stored.session), ...Object.keys(stored.local)]) expect(key).toMatch(/^ATRIUM__/);
    for (const value of [...Object.values(stored.session), ...Object.values(stored.local)])
      expect(value).toMatch(/__(string|number|boolean|object)$/);
  });
});
