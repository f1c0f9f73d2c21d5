import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, openWithToken, signIn } from './helpers.ts';

/** Makes `code` the caller's current system (menus, and so routes, are per system). */
async function useSystem(request: APIRequestContext, token: string, code: string) {
  const systems = await (await request.get('/prod/api/system/System', { headers: { Authorization: token } })).json();
  const system = systems.data.list.find((s: { enCode: string }) => s.enCode === code);
  await request.put('/prod/api/permission/Users/Current/major', {
    headers: { Authorization: token },
    data: { majorId: system.id, majorType: 'System' },
  });
  return systems.data.list as { id: string; enCode: string }[];
}

/** Ticks (or unticks) the checkbox of the grant-tree node whose code is `code`. */
async function tick(page: Page, code: string) {
  await page.locator('.ant-tree-treenode', { hasText: code }).locator('.ant-tree-checkbox').first().click();
}

test.describe('authorisation editor and menu management', () => {
  test('S1-6-01 S1-6-08 admin grants a user a menu and a button; the user sees it; removing it signs the user out', async ({
    browser,
    page,
    request,
  }) => {
    const admin = await apiToken(request, 'admin', 'admin123');
    await openWithToken(page, admin, '/permission/authorize');
    await expect(page.getByTestId('authorize-empty')).toBeVisible();
    await page.getByTestId('authorize-object-type').click();
    await page.locator('.ant-select-item-option', { hasText: '用户' }).click();
    await page.getByTestId('authorize-object-search').locator('input').fill('hanlei');
    await page.getByTestId('authorize-object-search').locator('input').press('Enter');
    await page.getByText('韩磊/hanlei').click();
    await expect(page.getByTestId('authorize-object-name')).toContainText('韩磊/hanlei');
    // Ticking the button grants its menu, the directory and the system with it.
    await tick(page, 'permission.position');
    await expect(page.locator('.ant-tree-treenode', { hasText: 'permission.position' }).first()).toHaveClass(
      /checkbox-checked/,
    );
    await page.getByTestId('authorize-save').click();
    await expect(page.getByTestId('authorize-save')).toBeDisabled();

    const member = await browser.newContext({ locale: 'zh-CN' });
    const memberPage = await member.newPage();
    await memberPage.goto('/login');
    await signIn(memberPage, 'hanlei', 'demo1234');
    await expect(memberPage).not.toHaveURL(/\/login/);
    await memberPage.goto('/permission/position');
    await expect(memberPage.getByTestId('position-page')).toBeVisible();
    // The menu's buttons came with it (ticking a menu ticks what is under it).
    await expect(memberPage.getByTestId('position-add')).toBeVisible();

    // Taking the menu away ends hanlei's session.
    await tick(page, 'permission.position');
    await page.getByTestId('authorize-save').click();
    await expect(page.getByTestId('authorize-save')).toBeDisabled();
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login/);
    await member.close();
  });

  test('two admins editing the same grants: the second save is told to reload', async ({ page, request }) => {
    const admin = await apiToken(request, 'admin', 'admin123');
    await openWithToken(page, admin, '/permission/authorize');
    await page.getByText('项目负责人', { exact: true }).click();
    await expect(page.getByTestId('authorize-object-name')).toContainText('项目负责人');
    const roles = await (
      await request.get('/prod/api/permission/Authority/Objects?objectType=role', { headers: { Authorization: admin } })
    ).json();
    const role = roles.data.list.find((r: { enCode: string }) => r.enCode === 'project.lead');
    const data = await (
      await request.get(`/prod/api/permission/Authority/Data/${role.id}?objectType=role`, {
        headers: { Authorization: admin },
      })
    ).json();
    const other = await request.put(`/prod/api/permission/Authority/Data/${role.id}`, {
      headers: { Authorization: admin },
      data: { objectType: 'role', version: data.data.version, ...data.data.granted },
    });
    expect((await other.json()).code).toBe(200);
    await tick(page, 'workbench.home');
    await page.getByTestId('authorize-save').click();
    await expect(page.getByTestId('authorize-conflict')).toBeVisible();
  });

  test('menu management: add a page menu (address required) and a button of it', async ({ page, request }) => {
    const admin = await apiToken(request, 'admin', 'admin123');
    // yangbo keeps the menus (a user grant of the demo seed); the menu screen lives in the
    // development system, so he works there. The administrator's own system is left alone: other
    // scenarios running at the same time rely on it.
    const keeper = await apiToken(request, 'yangbo', 'demo1234');
    const systems = await useSystem(request, keeper, 'dev');
    const atrium = systems.find((s) => s.enCode === 'atrium')!;
    await openWithToken(page, keeper, '/system/menu');
    await expect(page.getByTestId('menu-page')).toBeVisible();
    await expect(page.getByTestId('menu-table')).toContainText('permission.user');

    await page.getByTestId('menu-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('菜单名称').fill('报销单');
    await dialog.getByLabel('菜单编码').fill('e2e.expense');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // A page needs its address.
    await expect(dialog).toContainText('请输入地址');
    await page.getByTestId('menu-url').fill('expense/list');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByTestId('menu-table')).toContainText('e2e.expense');

    await page.locator('tr', { hasText: 'e2e.expense' }).getByTestId('menu-elements').click();
    const drawer = page.getByTestId('elements-drawer');
    await drawer.getByTestId('add-button').click();
    const buttonDialog = page.getByRole('dialog').last();
    await buttonDialog.getByLabel('名称').fill('审核');
    await buttonDialog.getByLabel('编码').fill('btn_audit');
    await buttonDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(drawer.getByTestId('elements-button')).toContainText('btn_audit');

    const rows = await (
      await request.get(`/prod/api/system/Menu?systemId=${atrium.id}`, { headers: { Authorization: admin } })
    ).json();
    expect(JSON.stringify(rows.data.list)).toContain('e2e.expense');
  });
});
