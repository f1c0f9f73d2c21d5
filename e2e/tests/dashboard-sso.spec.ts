import { expect, test } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

test.describe('dashboard and single sign-on', () => {
  test('S1-2.1-20 the dashboard shows the organisation counts and the sign-in chart', async ({ page, request }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    const res = await request.get('/prod/api/home/Dashboard', { headers: { Authorization: token } });
    const { data } = await res.json();

    await openWithToken(page, token, '/dashboard');
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(page.getByTestId('dashboard-userCount')).toContainText('用户总数');
    await expect(page.getByTestId('dashboard-userCount')).toContainText(String(data.userCount));
    await expect(page.getByTestId('dashboard-organizeCount')).toContainText(String(data.organizeCount));
    await expect(page.getByTestId('dashboard-roleCount')).toContainText(String(data.roleCount));
    await expect(page.getByTestId('dashboard-chart').locator('canvas')).toBeVisible();
  });

  test('S1-2.1-04 /sso with a ticket signs a fresh browser in and lands on the redirect; a spent ticket goes to /login', async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request, 'chujing', 'demo1234');
    const res = await request.post('/prod/api/oauth/Ticket', { headers: { Authorization: token } });
    const { data } = await res.json();
    expect(data.ticket).toBeTruthy();

    const fresh = await browser.newContext({ locale: 'zh-CN' });
    const page = await fresh.newPage();
    await page.goto(`/sso?ticket=${encodeURIComponent(data.ticket)}&redirect=${encodeURIComponent('/profile')}`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-page')).toBeVisible();
    const stored = await page.evaluate(() => sessionStorage.getItem('ATRIUM__TOKEN'));
    expect(stored).toMatch(/^"Bearer .+"__string$/);
    expect(stored).not.toContain(token.replace('Bearer ', ''));

    const other = await fresh.newPage();
    await other.goto(`/sso?ticket=${encodeURIComponent(data.ticket)}&redirect=%2Fprofile`);
    await expect(other).toHaveURL(/\/login\?redirect=%2Fprofile$/);

    await other.goto('/sso');
    await expect(other).toHaveURL(/\/login$/);
    await fresh.close();
  });

  test('/auth-redirect is open without a token and hands the redirect to the sign-in page', async ({ page }) => {
    await page.goto('/auth-redirect?redirect=%2Fdashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });
});
