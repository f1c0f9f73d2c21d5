import { expect, test } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

test.describe('home page', () => {
  test('S1-2.4-30 home shows unread notices, recent messages and shortcuts; reading a notice takes it off the list', async ({
    page,
    request,
  }) => {
    test.slow();
    const title = `端到端公告 ${Date.now().toString(36)}`;
    // A notice released to everyone by the seeded notice publisher.
    const publisher = await apiToken(request, 'zhangqiang', 'demo1234');
    const headers = { authorization: publisher };
    const created = await (
      await request.post('/prod/api/message', {
        headers,
        data: { title, bodyText: '<p>本周五下午三点全员大会。</p>', toUserIds: [] },
      })
    ).json();
    expect(created.code, created.msg).toBe(200);
    const released = await (
      await request.post('/prod/api/message/Actions/Release', { headers, data: { ids: [created.data.id] } })
    ).json();
    expect(released.code, released.msg).toBe(200);

    const token = await apiToken(request, 'staff', 'demo1234');
    await openWithToken(page, token, '/home');
    const notices = page.getByTestId('home-notices');
    await expect(notices).toContainText(title);
    await expect(page.getByTestId('home-messages')).toContainText(title);
    // Shortcuts are the pages the staff member may open, and lead there.
    const shortcuts = page.getByTestId('home-shortcuts');
    await expect(shortcuts.getByTestId('home-shortcut-workbench.screen')).toBeVisible();
    await expect(shortcuts.getByTestId('home-shortcut-permission.user')).toHaveCount(0);

    await notices.getByText(title).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('本周五下午三点全员大会。');
    await page.keyboard.press('Escape');
    await expect(notices).not.toContainText(title);
  });

  test('S1-2.4-30 home shows empty states to a user with nothing to read', async ({ page, request }) => {
    const admin = await apiToken(request, 'admin', 'admin123');
    // Reading everything leaves the administrator nothing unread.
    const res = await (
      await request.post('/prod/api/message/Actions/ReadAll', {
        headers: { authorization: admin },
        data: { keyword: '', type: '', isRead: '' },
      })
    ).json();
    expect(res.code).toBe(200);
    await openWithToken(page, admin, '/home');
    await expect(page.getByTestId('home-notice-list-empty')).toHaveText('没有未读公告');
    await expect(page.getByTestId('home-shortcuts')).toContainText('用户管理');
  });
});
