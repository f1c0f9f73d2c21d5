import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, signIn, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-sys-config';
const URL = '/prod/api/system/SysConfig';

/**
 * hexin renames the system and sees the new name in the shell. Other scenarios sign in on the same
 * server meanwhile: this one never touches the captcha, lockout or session settings (the API tests
 * cover those) and puts the name back however it ends.
 */
test.describe('system settings', () => {
  test('hexin changes the system name, sees it in the shell after a reload, and restores it', async ({ page }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const token = await apiToken(page.request, 'hexin', 'demo1234');
    const headers = { Authorization: token };
    const original = (await (await page.request.get(URL, { headers })).json()).data as { sysName: string };
    const name = `示范协同${Date.now().toString(36).slice(-4)}`;

    try {
      await page.goto('/login');
      await signIn(page, 'hexin', 'demo1234');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/system/sysConfig');
      const sysName = page.getByTestId('sys-sysName');
      await expect(sysName).toHaveValue(original.sysName);
      await page.screenshot({ path: `${SHOTS}/basic.png` });

      for (const [tab, shot] of [
        ['安全设置', 'security'],
        ['上传设置', 'upload'],
        ['数据接口', 'data-interface'],
      ]) {
        await page.getByRole('tab', { name: tab }).click();
        await page.screenshot({ path: `${SHOTS}/${shot}.png` });
      }
      await expect(page.getByTestId('sys-uploadExtensions')).toHaveValue(/pdf/);

      // An invalid value elsewhere brings its tab forward and saves nothing.
      await page.getByRole('tab', { name: '基础设置' }).click();
      await sysName.fill('');
      await page.getByRole('tab', { name: '上传设置' }).click();
      await page.getByTestId('sys-config-save').click();
      await expect(page.getByRole('tab', { name: '基础设置' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('请输入系统名称')).toBeVisible();

      await sysName.fill(name);
      const saved = toastSeen(page, '保存成功');
      await page.getByTestId('sys-config-save').click();
      await saved;
      await expect(page.locator(`[title="${name}"]`).first()).toBeVisible();

      await page.reload();
      await expect(page.getByTestId('sys-sysName')).toHaveValue(name);
      await expect(page.locator(`[title="${name}"]`).first()).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(name));
      await page.screenshot({ path: `${SHOTS}/renamed.png` });

      // Put it back through the screen, as an administrator would.
      await page.getByTestId('sys-sysName').fill(original.sysName);
      const restored = toastSeen(page, '保存成功');
      await page.getByTestId('sys-config-save').click();
      await restored;
    } finally {
      await page.request.put(URL, { headers, data: { sysName: original.sysName } });
    }
    const after = (await (await page.request.get(URL, { headers })).json()).data as { sysName: string };
    expect(after.sysName).toBe(original.sysName);
  });
});
