import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './helpers.ts';

/** Where the pictures of these screens go, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/atrium-menu-languages';

/** Opens `path` signed in, in `language` and the classic layout (a side menu with every entry). */
async function openIn(page: Page, token: string, language: string, path: string) {
  await page.addInitScript(
    ({ token, language }) => {
      // Storage format of apps/web/src/utils/storage.ts.
      sessionStorage.setItem('ATRIUM__TOKEN', JSON.stringify(token) + '__string');
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify(language) + '__string');
      const settings = { version: 2, layoutType: 'classic', tagsView: true };
      localStorage.setItem('ATRIUM__LAYOUTSETTINGS', JSON.stringify(settings) + '__object');
      sessionStorage.setItem('ATRIUM__DEMONOTICE', 'true__boolean');
    },
    { token, language },
  );
  await page.goto(path);
  await expect(page.getByTestId('layout-classic')).toBeVisible();
}

/** Makes the development system (where menu management lives) the caller's current one. */
async function useDevSystem(request: APIRequestContext, token: string) {
  const headers = { Authorization: token };
  const systems = (await (await request.get('/prod/api/system/System', { headers })).json()).data.list;
  const dev = systems.find((s: { enCode: string }) => s.enCode === 'dev');
  await request.put('/prod/api/permission/Users/Current/major', {
    headers,
    data: { majorId: dev.id, majorType: 'System' },
  });
}

/** Puts a seeded menu's names back as they were, for the scenarios that run after. */
async function restoreMenu(request: APIRequestContext, admin: string, code: string, names: object) {
  const headers = { Authorization: admin };
  const systems = (await (await request.get('/prod/api/system/System', { headers })).json()).data.list;
  for (const system of systems) {
    const tree = (await (await request.get(`/prod/api/system/Menu?systemId=${system.id}`, { headers })).json()).data
      .list;
    const flat = (items: { enCode: string; id: string; children?: unknown[] }[]): typeof items =>
      items.flatMap((i) => [i, ...flat((i.children ?? []) as typeof items)]);
    const menu = flat(tree).find((m) => m.enCode === code);
    if (!menu) continue;
    const info = (await (await request.get(`/prod/api/system/Menu/${menu.id}`, { headers })).json()).data;
    const { id: _id, systemId: _system, creatorTime: _time, hasChildren: _has, children: _children, ...body } = info;
    await request.put(`/prod/api/system/Menu/${menu.id}`, { headers, data: { ...body, fullNameI18n: names } });
  }
}

test.describe('menus and logs in the user language', () => {
  test('S1-2.4-39 S1-8-16 switching to English shows English menu names in the side menu; zh-TW too', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'zhangyan', 'demo1234');
    await openIn(page, token, 'zh-CN', '/home');
    const side = page.getByTestId('side-menu');
    await expect(side).toContainText('工作台');
    await expect(side).toContainText('首页');

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en-US').click();
    await expect(page.locator('.ant-message')).toContainText('Switch success');
    await expect(side).toContainText('Workbench');
    await expect(side).toContainText('Home');
    await expect(side).toContainText('Dashboard');
    await expect(side).not.toContainText('首页');
    await expect(page.getByTestId('tag-/home')).toHaveText('Home');
    await page.screenshot({ path: `${SHOTS}/side-menu-en-US.png` });

    // The choice is kept: a reload asks for the menus in English again.
    await page.reload();
    await expect(side).toContainText('Workbench');

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-zh-TW').click();
    await expect(side).toContainText('首頁');
    await expect(side).toContainText('營運大屏');
  });

  test('S1-2.4-39 the menu dialog edits a menu English name; a user reading English sees it', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await apiToken(request, 'admin', 'admin123');
    // yangbo keeps the menus without being an administrator; he works in the development system,
    // where menu management lives (the administrator's current system stays as other scenarios
    // running at the same time expect it).
    const keeper = await apiToken(request, 'yangbo', 'demo1234');
    await useDevSystem(request, keeper);
    try {
      await openIn(page, keeper, 'zh-CN', '/system/menu');
      const row = page.getByTestId('menu-table').locator('tr', { hasText: 'workbench.screen' });
      await row.getByTestId('menu-edit').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('menu-name-en-US')).toHaveValue('Dashboard');
      await expect(dialog.getByTestId('menu-name-zh-TW')).toHaveValue('營運大屏');
      await dialog.getByTestId('menu-name-en-US').fill('Live operations');
      // Let the dialog finish zooming in before drawing.
      await page.waitForTimeout(400);
      await dialog.screenshot({ path: `${SHOTS}/menu-dialog-zh-CN.png` });
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await expect(dialog).toBeHidden();

      const reader = await browser.newContext({ locale: 'en-US' });
      const readerPage = await reader.newPage();
      const token = await apiToken(request, 'taolin', 'demo1234');
      await openIn(readerPage, token, 'en-US', '/home');
      await expect(readerPage.getByTestId('side-menu')).toContainText('Live operations');
      await reader.close();

      // The same dialog in English, and the system dialog.
      const english = await browser.newContext({ locale: 'en-US' });
      const englishPage = await english.newPage();
      await openIn(englishPage, keeper, 'en-US', '/system/menu');
      await expect(englishPage.getByTestId('menu-table')).toContainText('Live operations');
      await englishPage
        .getByTestId('menu-table')
        .locator('tr', { hasText: 'workbench.screen' })
        .getByTestId('menu-edit')
        .click();
      const englishDialog = englishPage.getByRole('dialog');
      await expect(englishDialog.getByTestId('menu-name-en-US')).toHaveValue('Live operations');
      await englishPage.waitForTimeout(400);
      await englishDialog.screenshot({ path: `${SHOTS}/menu-dialog-en-US.png` });
      await englishDialog.getByRole('button', { name: 'Cancel' }).click();
      await englishPage.getByTestId('system-atrium').hover();
      await englishPage.getByTestId('system-atrium').getByRole('button', { name: 'Edit' }).click();
      const systemDialog = englishPage.getByRole('dialog');
      await expect(systemDialog.getByTestId('system-name-en-US')).toHaveValue('Atrium Office');
      await englishPage.waitForTimeout(400);
      await systemDialog.screenshot({ path: `${SHOTS}/system-dialog-en-US.png` });
      await english.close();
    } finally {
      await restoreMenu(request, admin, 'workbench.screen', { 'en-US': 'Dashboard', 'zh-TW': '營運大屏' });
    }
  });

  test('S1-8-24 the profile system log reads in the user language, not as internal codes', async ({
    page,
    request,
  }) => {
    // A wrong password first: its row must read as words, not 'bad-credentials'.
    await request.post('/prod/api/oauth/Login', {
      form: { account: 'jinyu', password: '0'.repeat(32), grant_type: 'password' },
    });
    const token = await apiToken(request, 'jinyu', 'demo1234');
    await request.put('/prod/api/permission/Users/Current/SystemTheme', {
      headers: { Authorization: token },
      data: { theme: 'classic' },
    });
    await openIn(page, token, 'en-US', '/profile?tab=log');
    const table = page.getByTestId('system-log-table');
    await expect(table).toContainText('Signed in');
    await expect(table).toContainText('Sign-in failed: wrong account or password');
    await expect(table).not.toContainText('bad-credentials');
    await page.screenshot({ path: `${SHOTS}/profile-log-sign-in-en-US.png` });
    await page.getByTestId('log-category-5').click();
    await expect(table).toContainText('Change layout settings');
    await page.screenshot({ path: `${SHOTS}/profile-log-operation-en-US.png` });

    // In Chinese, the same rows read in Chinese (the language switch refetches them).
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-zh-CN').click();
    await expect(table).toContainText('修改界面设置');
    await page.getByTestId('log-category-1').click();
    await expect(table).toContainText('登录失败：账号或密码错误');
    await page.screenshot({ path: `${SHOTS}/profile-log-sign-in-zh-CN.png` });
  });
});
