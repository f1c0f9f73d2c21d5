import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken, answerConfirm } from './helpers.ts';

const okButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /确\s*定/ });

test.describe('organisation, positions and groups', () => {
  test('S2-7-25 S2-7-28 S2-8-16 S2-8-17 admin adds a department and a position, deletes, and is told why a delete is refused', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    const code = `e2e${Date.now().toString(36)}`;
    await openWithToken(page, token, '/permission/organize');
    const table = page.getByTestId('organize-table');
    await expect(table).toContainText('示范科技有限公司');
    await expect(table).toContainText('研发中心');

    // A department under the company, from the company row.
    await page.getByTestId('organize-add-child').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('新建部门');
    await expect(dialog).toContainText('示范科技有限公司');
    await dialog.getByLabel('部门名称').fill('质量部');
    await dialog.getByLabel('编码').fill(code);
    await okButton(page).click();
    await expect(page.locator('.ant-message')).toContainText('新建成功');
    await expect(table).toContainText(code);

    // Deleting the company is refused with the reason.
    await page.getByTestId('organize-remove').first().click();
    await expect(page.locator('.ant-modal-confirm')).toContainText('此操作将永久删除该数据，是否继续？');
    await answerConfirm(page, '此操作将永久删除该数据', 'dangerous');
    await expect(page.locator('.ant-message')).toContainText(/该组织下还有 \d+ 个下级组织，不能删除/);
    await expect(table).toContainText('示范科技有限公司');

    // A position in the new department: choose it in the tree, then add.
    await openWithToken(page, token, '/permission/position');
    const tree = page.getByTestId('organize-tree');
    await tree.getByTestId('organize-tree-filter').fill('质量');
    await tree.getByText('质量部').click();
    const positions = page.getByTestId('position-table');
    await expect(positions).toContainText('暂无数据');
    await page.getByTestId('position-add').click();
    await expect(page.getByRole('dialog')).toContainText('质量部');
    await page.getByRole('dialog').getByLabel('岗位名称').fill('质检员');
    await page.getByRole('dialog').getByLabel('岗位编码').fill(`${code}.qc`);
    await okButton(page).click();
    await expect(positions).toContainText('质检员');
    await expect(positions).toContainText('共 1 条');

    await page.getByTestId('position-remove').click();
    await answerConfirm(page, '此操作将永久删除该数据', 'dangerous');
    await expect(page.locator('.ant-message')).toContainText('删除成功');
    await expect(positions).toContainText('暂无数据');
  });

  // Button checks apply because the seeded menu's propertyJson turns isJudgePermission on.
  test('S2-6-01 hr sees the organisation read-only: no add, edit or delete buttons', async ({ page, request }) => {
    const token = await apiToken(request, 'hr', 'demo1234');
    await openWithToken(page, token, '/permission/organize');
    await expect(page.getByTestId('organize-table')).toContainText('研发中心');
    await expect(page.getByTestId('organize-add-company')).toHaveCount(0);
    await expect(page.getByTestId('organize-add-department')).toHaveCount(0);
    await expect(page.getByTestId('organize-edit')).toHaveCount(0);
    await expect(page.getByTestId('organize-remove')).toHaveCount(0);
  });
});

test.describe('column and form grants', () => {
  test('hr sees the users list and the user form without the phone and e-mail it is not granted; admin sees both', async ({
    page,
    request,
  }) => {
    const hr = await apiToken(request, 'hr', 'demo1234');
    await openWithToken(page, hr, '/permission/user');
    const table = page.getByTestId('user-table');
    await expect(table).toContainText('冯涛');
    await expect(table.locator('thead')).toContainText('姓名');
    await expect(table.locator('thead')).not.toContainText('手机');
    await page.getByTestId('user-add').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('账户')).toBeVisible();
    await expect(dialog.getByLabel('手机')).toHaveCount(0);
    await expect(dialog.getByLabel('邮箱')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/field-grants-hr.png' });

    const admin = await apiToken(request, 'admin', 'admin123');
    await openWithToken(page, admin, '/permission/user');
    await expect(page.getByTestId('user-table').locator('thead')).toContainText('手机');
  });
});
