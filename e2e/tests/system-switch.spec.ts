import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.describe('system switch', () => {
  test('S1-2.4-07 S1-2.4-08 a project lead switches to the development platform and back; menus follow the system', async ({
    page,
  }) => {
    await page.goto('/login');
    // qinhao's project-lead role reaches the development platform as well as the office system.
    await signIn(page, 'qinhao', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('top-menu')).toContainText('工作台');
    await expect(page.getByTestId('top-menu')).not.toContainText('开发工具');

    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('system-switch-item').click();
    const dialog = page.getByTestId('system-switch-dialog');
    await expect(dialog).toContainText('Atrium 协同办公');
    await expect(dialog).toContainText('Atrium 开发平台');
    await dialog
      .getByRole('button')
      .filter({ hasText: /切换|Switch/ })
      .click();

    // The page reloads into the other system: its menus replace the office ones.
    await expect(page.getByTestId('top-menu')).toContainText('开发工具');
    await expect(page.getByTestId('top-menu')).not.toContainText('工作台');

    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('system-switch-item').click();
    await page
      .getByTestId('system-switch-dialog')
      .getByRole('button')
      .filter({ hasText: /切换|Switch/ })
      .click();
    await expect(page.getByTestId('top-menu')).toContainText('工作台');
    await expect(page.getByTestId('top-menu')).not.toContainText('开发工具');
  });

  test('S1-2.4-08 a user with one system has no system-switch item', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'weiming', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await page.getByTestId('user-dropdown').click();
    await expect(page.getByTestId('profile-item')).toBeVisible();
    await expect(page.getByTestId('system-switch-item')).toHaveCount(0);
  });
});
