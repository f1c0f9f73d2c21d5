import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.describe('system switch', () => {
  test('S1-2.4-07 S1-2.4-08 a project lead switches to the development platform and back in place; menus, icons and tags follow the system', async ({
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
    // Each system with the icon of its record.
    await expect(dialog.locator('.anticon-appstore')).toBeVisible();
    await expect(dialog.locator('.anticon-code')).toBeVisible();
    // A mark in the page's memory shows that the switch does not reload the page.
    await page.evaluate(() => ((window as unknown as { e2eMark?: number }).e2eMark = 1));
    await dialog
      .getByRole('button')
      .filter({ hasText: /切换|Switch/ })
      .click();

    // The other system's menus replace the office ones in place, and the page the office system
    // had (home) gives way to the development platform's first page, not a 404.
    await expect(page.getByTestId('top-menu')).toContainText('开发工具');
    await expect(page.getByTestId('top-menu')).not.toContainText('工作台');
    await expect(page).not.toHaveURL(/\/404$/);
    await expect(page).not.toHaveURL(/\/home$/);
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)).toBe(1);
    // A framed link's tag carries its menu's name.
    await page.getByTestId('top-menu').getByText('开发工具').click();
    await page
      .locator('.ant-menu-item', { hasText: /^接口文档$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/externalLink\?url=/);
    const linkTag = page.getByTestId('tags-view').locator('[data-active="true"]');
    await expect(linkTag).toContainText('接口文档');
    await expect(linkTag).not.toContainText('外部链接');
    await expect(linkTag.locator('.anticon-api')).toBeVisible();

    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('system-switch-item').click();
    await page
      .getByTestId('system-switch-dialog')
      .getByRole('button')
      .filter({ hasText: /切换|Switch/ })
      .click();
    await expect(page.getByTestId('top-menu')).toContainText('工作台');
    await expect(page.getByTestId('top-menu')).not.toContainText('开发工具');
    // The framed link belongs to the other system: back on the office system's first page.
    await expect(page).not.toHaveURL(/externalLink|\/404$/);
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark)).toBe(1);
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
