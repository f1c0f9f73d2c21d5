import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

/** Puts a session token into this tab's session storage (the app's storage format), then opens `path`. */
async function lockFromDropdown(page: Page) {
  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('lock-item').click();
  await expect(page).toHaveURL(/\/lockScreen$/);
  await expect(page.getByTestId('lock-screen')).toBeVisible();
}

test.describe('lock screen', () => {
  test('S1-2.1-06 S1-2.3-05 S1-4-03 S1-4-04 S1-4-05 lock from the avatar menu, stay locked on every route and after reload, wrong then right password', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'zhouya', 'demo1234');
    await openWithToken(page, token, '/profile');
    await expect(page.getByTestId('profile-page')).toBeVisible();

    await lockFromDropdown(page);
    await expect(page.getByTestId('lock-screen')).toContainText('周');
    expect(await page.evaluate(() => sessionStorage.getItem('ATRIUM__LOCK'))).toBe('1__number');

    for (const path of ['/home', '/profile', '/dashboard', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/lockScreen$/);
    }
    await page.reload();
    await expect(page).toHaveURL(/\/lockScreen$/);
    await expect(page.getByTestId('lock-screen')).toBeVisible();

    // Even with session storage gone (a fresh tab of the same session), the server remembers the lock.
    await page.evaluate(() => sessionStorage.removeItem('ATRIUM__LOCK'));
    await page.goto('/home');
    await expect(page).toHaveURL(/\/lockScreen$/);

    await page.getByTestId('lock-password').fill('wrong1234');
    await page.getByTestId('lock-submit').click();
    await expect(page.getByTestId('lock-error')).toContainText('密码错误');
    await expect(page).toHaveURL(/\/lockScreen$/);

    await page.getByTestId('lock-password').fill('demo1234');
    await page.getByTestId('lock-submit').click();
    await expect(page).not.toHaveURL(/\/lockScreen/);
    await expect(page.getByTestId('home-page').or(page.getByTestId('profile-page'))).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByTestId('profile-page')).toBeVisible();
  });

  test('S1-4-04 a lock in one tab locks the other tabs of the session, and the unlock frees them', async ({
    context,
    request,
  }) => {
    const token = await apiToken(request, 'wuqian', 'demo1234');
    const first = await context.newPage();
    const second = await context.newPage();
    await openWithToken(first, token, '/home');
    await openWithToken(second, token, '/profile');
    await expect(first.getByTestId('home-page')).toBeVisible();
    await expect(second.getByTestId('profile-page')).toBeVisible();

    await lockFromDropdown(first);
    await expect(second).toHaveURL(/\/lockScreen$/);
    await expect(second.getByTestId('lock-screen')).toBeVisible();

    await first.getByTestId('lock-password').fill('demo1234');
    await first.getByTestId('lock-submit').click();
    await expect(first).not.toHaveURL(/\/lockScreen/);
    await expect(second).toHaveURL(/\/profile$/);
  });
});
