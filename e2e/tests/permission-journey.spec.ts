import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken, signIn, toastSeen } from './helpers.ts';

/** What a user created by an administrator signs in with until they change it. */
const NEW_USER_PASSWORD = 'atrium123';

const dialog = (page: Page) => page.getByRole('dialog');
const confirm = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

/** Picks an option of an antd select (or tree select) by typing part of its text. */
async function choose(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(text);
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-treenode', { hasText: text })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

test.describe('organisation to permission, end to end', () => {
  test('S1-6-01 S1-6-08 S2-6-01 S2-6-12 admin builds a department, position, role and user, grants the role one menu and one button; the user sees exactly those; taking the grant away signs the user out', async ({
    browser,
    page,
    request,
  }) => {
    test.slow();
    const admin = await apiToken(request, 'admin', 'admin123');
    const code = `j${Date.now().toString(36)}`;
    const department = `检验部${code}`;
    const roleName = `检验角色${code}`;
    const account = `${code}u`;

    // A department under the company.
    await openWithToken(page, admin, '/permission/organize');
    await expect(page.getByTestId('organize-table')).toContainText('示范科技有限公司');
    await page.getByTestId('organize-add-child').first().click();
    await dialog(page).getByLabel('部门名称').fill(department);
    await dialog(page).getByLabel('编码').fill(code);
    await confirm(page).click();
    await expect(page.getByTestId('organize-table')).toContainText(department);

    // A position in it.
    await openWithToken(page, admin, '/permission/position');
    await page.getByTestId('organize-tree-filter').fill(department);
    await page.getByTestId('organize-tree').getByText(department).click();
    await page.getByTestId('position-add').click();
    await dialog(page).getByLabel('岗位名称').fill('检验员');
    await dialog(page).getByLabel('岗位编码').fill(`${code}.qc`);
    await confirm(page).click();
    await expect(page.getByTestId('position-table')).toContainText('检验员');

    // A role of its own, so the grant reaches nobody else.
    await openWithToken(page, admin, '/permission/role');
    await page.getByTestId('role-add').click();
    await dialog(page).getByLabel('角色名称').fill(roleName);
    await dialog(page).getByLabel('角色编码').fill(`${code}.role`);
    await confirm(page).click();
    await expect(page.getByTestId('role-table')).toContainText(roleName);

    // The user: in the department, holding the position and the role.
    await openWithToken(page, admin, '/permission/user');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-account').fill(account);
    await page.getByTestId('user-realname').fill('检验员甲');
    await choose(page, 'user-organize', department);
    await choose(page, 'user-position', '检验员');
    await choose(page, 'user-role', roleName);
    await confirm(page).click();
    await expect(page.locator('.ant-message')).toContainText('新建成功');

    // Grant the role the group page and only its add button.
    await openWithToken(page, admin, '/permission/authorize');
    await page.getByTestId('authorize-object-search').locator('input').fill(roleName);
    await page.getByTestId('authorize-object-search').locator('input').press('Enter');
    await page.getByText(roleName, { exact: true }).click();
    await expect(page.getByTestId('authorize-object-name')).toContainText(roleName);
    const groupMenu = page.locator('.ant-tree-treenode', { hasText: 'permission.group' });
    await groupMenu
      .locator('xpath=following-sibling::*[contains(., "btn_add")][1]')
      .locator('.ant-tree-checkbox')
      .click();
    // Ticking the button grants its menu too; the menu shows half-ticked, as not all its items are granted.
    await expect(groupMenu).toHaveClass(/checkbox-indeterminate/);
    await page.getByTestId('authorize-save').click();
    await expect(page.getByTestId('authorize-save')).toBeDisabled();

    // The new user sees exactly that: one directory, one page, one button.
    const member = await browser.newContext({ locale: 'zh-CN' });
    const memberPage = await member.newPage();
    await memberPage.goto('/login');
    await signIn(memberPage, account, NEW_USER_PASSWORD);
    await expect(memberPage).not.toHaveURL(/\/login/);
    await expect(memberPage.getByTestId('top-menu')).toContainText('组织权限');
    await expect(memberPage.getByTestId('top-menu')).not.toContainText('工作台');
    await memberPage.goto('/permission/group');
    await expect(memberPage.getByTestId('group-page')).toBeVisible();
    await expect(memberPage.getByTestId('side-menu')).toContainText('分组管理');
    await expect(memberPage.getByTestId('side-menu')).not.toContainText('用户管理');
    await expect(memberPage.getByTestId('group-table')).toContainText('工会');
    await expect(memberPage.getByTestId('group-add')).toBeVisible();
    await expect(memberPage.getByTestId('group-edit')).toHaveCount(0);
    await expect(memberPage.getByTestId('group-remove')).toHaveCount(0);

    // Taking the page away signs the open session out at once, with the reason. A half-ticked menu
    // ticks fully on the first click and clears, with everything under it, on the second.
    await groupMenu.locator('.ant-tree-checkbox').click();
    await expect(groupMenu).toHaveClass(/checkbox-checked/);
    await groupMenu.locator('.ant-tree-checkbox').click();
    await expect(groupMenu).not.toHaveClass(/checkbox-checked|checkbox-indeterminate/);
    const changedToast = toastSeen(memberPage, '权限已变更，请重新登录');
    await page.getByTestId('authorize-save').click();
    await expect(page.getByTestId('authorize-save')).toBeDisabled();
    await changedToast;
    await expect(memberPage).toHaveURL(/\/login/);
    await member.close();
  });
});
