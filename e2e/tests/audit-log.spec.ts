import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, signIn, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-audit-log';
const SETTINGS = '/prod/api/system/SysConfig';

/**
 * The administrator renames the system in the settings, then finds that change in the audit trail
 * of the development platform and reads its diff. The name, and the administrator's current system
 * (which later scenarios expect to be the main one), are put back however the scenario ends.
 */
test.describe('audit trail', () => {
  test('admin changes a setting and sees who changed what, before and after, in the audit log', async ({ page }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const token = await apiToken(page.request, 'admin', 'admin123');
    const headers = { Authorization: token };
    const original = (await (await page.request.get(SETTINGS, { headers })).json()).data as { sysName: string };
    const name = `审计示范${Date.now().toString(36).slice(-4)}`;

    try {
      await page.goto('/login');
      await signIn(page, 'admin', 'admin123');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // The change: the system name, through the settings screen.
      await page.goto('/system/sysConfig');
      const sysName = page.getByTestId('sys-sysName');
      await expect(sysName).toHaveValue(original.sysName);
      await sysName.fill(name);
      const saved = toastSeen(page, '保存成功');
      await page.getByTestId('sys-config-save').click();
      await saved;

      // The trail lives in the development platform's system management.
      await page.getByTestId('user-dropdown').click();
      await page.getByTestId('system-switch-item').click();
      const dialog = page.getByTestId('system-switch-dialog');
      await dialog.getByText('Atrium 开发平台').click();
      await dialog
        .getByRole('button')
        .filter({ hasText: /切换|Switch/ })
        .click();
      await expect(page.getByTestId('top-menu')).toContainText('系统管理');
      await page.getByTestId('top-menu').getByText('系统管理').click();
      await page
        .locator('.ant-menu-item', { hasText: /^审计日志$/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/system\/auditLog$/);

      const table = page.getByTestId('audit-table');
      const row = table.locator('tbody tr', { hasText: '/api/system/SysConfig' }).first();
      await expect(row).toBeVisible();
      await expect(row).toContainText('系统配置');
      await expect(row).toContainText('修改');
      await expect(row).toContainText('admin');

      // Narrowed to settings changes, the newest first is ours.
      await page.getByTestId('audit-resource').click();
      await page.keyboard.type('系统配置');
      await page.locator('.ant-select-item-option', { hasText: /^系统配置$/ }).click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

      await table.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '查看' }).click();
      const drawer = page.getByTestId('audit-drawer');
      await expect(drawer.getByTestId('audit-detail')).toContainText('PUT /api/system/SysConfig');
      const diff = drawer.getByTestId('audit-diff-table');
      const changed = diff.locator('tr[data-changed="true"]');
      await expect(changed).toHaveCount(1);
      await expect(changed).toContainText('sysName');
      await expect(changed).toContainText(original.sysName);
      await expect(changed).toContainText(name);
      await expect(drawer.getByTestId('audit-diff-count')).toContainText('1 个字段有变化');
      await page.screenshot({ path: `${SHOTS}/diff.png` });

      // The unchanged settings wait behind the toggle.
      await drawer.getByTestId('audit-diff-toggle').click();
      await expect(diff.locator('tr[data-changed="false"]', { hasText: 'tokenTimeout' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/diff-all.png` });
    } finally {
      await page.request.put(SETTINGS, { headers, data: { sysName: original.sysName } });
      const systems = (await (await page.request.get('/prod/api/system/System', { headers })).json()).data.list as {
        id: string;
        enCode: string;
      }[];
      await page.request.put('/prod/api/permission/Users/Current/major', {
        headers,
        data: { majorId: systems.find((s) => s.enCode === 'atrium')!.id, majorType: 'System' },
      });
    }
  });
});
