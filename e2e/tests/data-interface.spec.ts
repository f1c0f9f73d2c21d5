import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-data-interface';

test.describe('data interfaces', () => {
  test('S2-7-45 S2-7-46 S2-7-48 lvyang creates an SQL interface with a parameter, tests it, and sees a writing statement refused', async ({
    page,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const code = `e2eDi${Date.now().toString(36)}`;
    const name = `账号查询${code}`;
    await page.goto('/login');
    await signIn(page, 'lvyang', 'demo1234');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/system/dataInterface');
    const table = page.getByTestId('di-table');
    await expect(table).toContainText('用户列表');
    await expect(table).toContainText('城市列表');
    await page.screenshot({ path: `${SHOTS}/list.png` });

    // A seeded interface with a required parameter, run without it: the runner shows why it failed.
    await page.getByTestId('di-demo.orgUsers-test').click();
    const runner = page.getByTestId('di-test-runner');
    await runner.getByTestId('di-test-run').click();
    await expect(runner.getByTestId('di-test-error')).toContainText('参数 organizeId 不能为空');
    await page.screenshot({ path: `${SHOTS}/test-error.png` });
    await runner.locator('.ant-drawer-close').click();

    // A search that matches nothing shows the empty table.
    await page.getByTestId('admin-keyword').fill('没有这样的接口');
    await page.getByTestId('admin-search').click();
    await expect(table).toContainText('暂无数据');
    await page.screenshot({ path: `${SHOTS}/empty.png` });
    await page.getByTestId('admin-reset').click();
    await expect(table).toContainText('用户列表');

    // A new SQL interface with one parameter.
    await page.getByTestId('di-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('接口名称').fill(name);
    await dialog.getByLabel('接口编码').fill(code);
    await dialog
      .getByTestId('di-query')
      .fill(`select account, real_name as "realName" from users\nwhere account like {prefix} || '%'\norder by account`);
    await dialog.getByTestId('di-param-add').click();
    await dialog.getByTestId('di-param-field').fill('prefix');
    await dialog.getByPlaceholder('默认值').fill('z');
    await page.screenshot({ path: `${SHOTS}/dialog.png` });
    const created = toastSeen(page, '新建成功');
    await dialog
      .getByRole('button', { name: '确 定' })
      .or(dialog.getByRole('button', { name: '确定' }))
      .click();
    await created;
    await expect(table).toContainText(name);

    // The test runner: fill the parameter, run, see the rows.
    await page.getByTestId(`di-${code}-test`).click();
    const param = runner.getByTestId('di-test-param-prefix');
    await expect(param).toHaveValue('z');
    await param.fill('lv');
    await runner.getByTestId('di-test-run').click();
    const result = runner.getByTestId('di-test-result');
    await expect(result).toContainText('"account": "lvyang"');
    await expect(runner).toContainText('1 行');
    await page.screenshot({ path: `${SHOTS}/test-runner.png` });
    await runner.locator('.ant-drawer-close').click();

    // A statement that writes is refused with a clear message, and nothing is saved.
    await page.getByTestId('di-add').click();
    await dialog.getByLabel('接口名称').fill(`删除${code}`);
    await dialog.getByLabel('接口编码').fill(`${code}w`);
    await dialog.getByTestId('di-query').fill('delete from users');
    const refused = toastSeen(page, '只允许查询语句');
    await dialog
      .getByRole('button', { name: '确 定' })
      .or(dialog.getByRole('button', { name: '确定' }))
      .click();
    await refused;
    await page.screenshot({ path: `${SHOTS}/write-refused.png` });
    await dialog
      .getByRole('button', { name: '取 消' })
      .or(dialog.getByRole('button', { name: '取消' }))
      .click();
    await expect(table).not.toContainText(`删除${code}`);

    // The call log shows the test run.
    await page.getByTestId(`di-${code}-more`).hover();
    await page.getByRole('menuitem', { name: '调用日志' }).click();
    const logs = page.getByTestId('di-log-table');
    await expect(logs).toContainText('测试');
    await expect(logs).toContainText('成功');
    await expect(logs).toContainText('lvyang');
    await page.screenshot({ path: `${SHOTS}/logs.png` });
  });
});
