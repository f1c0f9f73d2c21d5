import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken, answerConfirm } from './helpers.ts';

const okButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ });

test.describe('job grades', () => {
  test('S2-6-13 admin adds a grade, gives it to a position, sees it in the lists, and cannot delete it while used', async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await apiToken(request, 'admin', 'admin123');
    const code = `G${Date.now().toString(36).toUpperCase()}`;
    await openWithToken(page, token, '/permission/grade');
    const table = page.getByTestId('grade-table');
    await expect(table).toContainText('初级专员');
    await expect(table).toContainText('总监');

    await page.getByTestId('grade-add').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('新建职级');
    await dialog.getByLabel('职级名称').fill('首席专家');
    await dialog.getByLabel('职级编码').fill(code);
    await dialog.getByTestId('grade-level').fill('8');
    await okButton(page).click();
    await expect(page.locator('.ant-message')).toContainText('新建成功');
    await expect(table).toContainText(code);

    // The position dialog offers the new grade; the position list shows it.
    await openWithToken(page, token, '/permission/position');
    const positions = page.getByTestId('position-table');
    await page.getByTestId('admin-keyword').fill('engineer.web');
    await page.getByTestId('admin-search').click();
    await expect(positions).toContainText('前端工程师');
    await expect(positions).toContainText('高级专员');
    await page.getByTestId('position-edit').first().click();
    await page.getByTestId('position-grade').click();
    await page.locator('.ant-select-dropdown').getByText(`首席专家 (${code})`).click();
    await okButton(page).click();
    await expect(page.locator('.ant-message')).toContainText('修改成功');
    await expect(positions).toContainText('首席专家');

    // The user dialog offers it too, and the user list shows the grade column.
    await openWithToken(page, token, '/permission/user');
    await expect(page.getByTestId('user-table').locator('th', { hasText: '职级' })).toBeVisible();

    // Deleting a grade a position carries is refused with the reason.
    await openWithToken(page, token, '/permission/grade');
    await page.getByTestId('admin-keyword').fill(code);
    await page.getByTestId('admin-search').click();
    await expect(table).toContainText('共 1 条');
    await page.getByTestId('grade-remove').click();
    await answerConfirm(page, '此操作将永久删除该数据', 'dangerous');
    await expect(page.locator('.ant-message')).toContainText('还有 1 个岗位使用该职级，不能删除');
    await expect(table).toContainText(code);
  });

  test('S2-6-13 a user without the grade menu is refused the screen', async ({ page, request }) => {
    const token = await apiToken(request, 'staff', 'demo1234');
    const res = await request.get('/prod/api/permission/Grade', { headers: { authorization: token } });
    expect((await res.json()).code).toBe(403);
    await openWithToken(page, token, '/permission/grade');
    await expect(page.getByTestId('grade-page')).toHaveCount(0);
  });
});
