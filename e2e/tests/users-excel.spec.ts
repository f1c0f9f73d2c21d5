import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Page, type Response } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

async function openUsers(page: Page, token: string) {
  await openWithToken(page, token, '/permission/user');
  await expect(page.getByTestId('user-page')).toBeVisible();
  await expect(page.getByTestId('user-table')).toContainText('admin');
}

async function sheetOf(download: Download): Promise<string[][]> {
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values: string[] = [];
    for (let i = 1; i <= 10; i++) values.push(String(row.getCell(i).value ?? ''));
    rows.push(values);
  });
  return rows;
}

test.describe('users spreadsheet', () => {
  test('S2-2-20 S2-4-01 S2-4-02 S2-4-04 S2-4-05 S2-7-14 S2-7-15 S2-7-16 S2-7-17 S2-3-15 S2-3-16 S2-7-40 export users, import them back with two bad rows, export the failures', async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await openUsers(page, token);

    // Only the R&D branch, to keep the file small.
    await page.getByTestId('organize-tree').getByText('研发中心', { exact: true }).click();
    await expect(page.getByTestId('user-table')).toContainText('manager');
    const [exported, answer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => r.url().includes('/api/permission/Users/ExportExcel')),
      page.getByTestId('user-export').click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
    // The answer is a link with a ticket for admin; without the ticket it is refused with the envelope.
    const link = String((await answer.json()).data.url);
    expect(link).toMatch(/^\/api\/permission\/Users\/Download\/[0-9a-f]{32}\.xlsx\?fullName=.+&ticket=[^&]+$/);
    const bare = await request.get(link.replace(/&ticket=[^&]+$/, ''));
    expect(bare.status()).toBe(403);
    expect((await bare.json()).code).toBe(403);
    const sheet = await sheetOf(exported);
    expect(sheet[0]!.slice(0, 9)).toEqual(['账户', '姓名', '性别', '手机', '邮箱', '所属组织', '岗位', '角色', '说明']);
    const rows = sheet.slice(1);
    expect(rows.map((r) => r[0])).toContain('manager');

    // Import them back as new accounts; row 2 gets a bad mobile number, row 3 an unknown role.
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('users');
    ws.addRow(sheet[0]!.slice(0, 9));
    rows.forEach((r, i) => {
      const row = r.slice(0, 9);
      row[0] = `${row[0]}e2e`;
      row[3] = i === 1 ? '12345' : '';
      if (i === 2) row[7] = '不存在的角色';
      ws.addRow(row);
    });
    const upload = testInfo.outputPath('users-import.xlsx');
    fs.writeFileSync(upload, Buffer.from(await workbook.xlsx.writeBuffer()));

    await page.getByTestId('user-import').click();
    const dialog = page.getByRole('dialog', { name: '批量导入' });
    await expect(page.getByTestId('import-step-upload')).toBeVisible();
    // The template downloads through TemplateDownload. A click that lands while the dialog is still
    // zooming in asks for nothing: press again until the call is made.
    const downloaded = page.waitForEvent('download');
    let templateAnswer: Response | undefined;
    for (let attempt = 0; !templateAnswer && attempt < 3; attempt++) {
      const answered = page
        .waitForResponse((r) => r.url().includes('/api/permission/Users/TemplateDownload'), { timeout: 10_000 })
        .catch(() => undefined);
      await page.getByTestId('import-template').click();
      templateAnswer = await answered;
    }
    const template = await downloaded;
    expect((await templateAnswer!.json()).data.url).toMatch(/^\/api\/permission\/Users\/Download\/.+\?fullName=/);
    expect((await sheetOf(template))[0]!.slice(0, 2)).toEqual(['账户', '姓名']);
    // Next without a file warns.
    await page.getByTestId('import-next').click();
    await expect(page.getByText('请先上传文件')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(upload);
    await expect(
      dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
    ).toHaveCount(1);
    const [previewAnswer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/permission/Users/ImportPreview')),
      page.getByTestId('import-next').click(),
    ]);
    // The preview: headerRow columns with id and fullName, and dataRow rows.
    const previewData = (await previewAnswer.json()).data;
    expect(previewData.headerRow[0]).toMatchObject({ id: expect.any(String), fullName: '账户' });
    expect(previewData.dataRow).toHaveLength(rows.length);

    const preview = page.getByTestId('import-preview-table');
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('12345');
    await expect(preview).toContainText('不存在的角色');
    await expect(page.getByTestId('import-step-preview')).toContainText(`共 ${rows.length} 条数据`);
    await page.screenshot({ path: testInfo.outputPath('preview.png') });

    const [importAnswer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/permission/Users/ImportData')),
      page.getByTestId('import-next').click(),
    ]);
    // The result: resultType, success and failure counts, the failed rows with their errorsInfo.
    const result = (await importAnswer.json()).data;
    expect(result).toMatchObject({ resultType: 1, snum: rows.length - 2, fnum: 2 });
    expect(result.failResult).toHaveLength(2);
    expect(result.failResult[0].errorsInfo).toBe('手机号码格式不正确');
    const failure = page.getByTestId('import-failure');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(`成功 ${rows.length - 2} 条，失败 2 条`);
    const failedTable = page.getByTestId('import-failed-table');
    await expect(failedTable).toContainText('手机号码格式不正确');
    await expect(failedTable).toContainText('角色“不存在的角色”不存在');

    const [failedFile, failedAnswer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => /\/api\/permission\/Users\/(Import|Export)ExceptionData/.test(r.url())),
      page.getByTestId('import-export-failed').click(),
    ]);
    expect((await failedAnswer.json()).data.url).toMatch(/^\/api\/permission\/Users\/Download\//);
    const failedRows = await sheetOf(failedFile);
    expect(failedRows[0]![9]).toBe('异常原因');
    expect(failedRows.slice(1).map((r) => [r[0], r[9]])).toEqual([
      [`${rows[1]![0]}e2e`, '手机号码格式不正确'],
      [`${rows[2]![0]}e2e`, '角色“不存在的角色”不存在'],
    ]);

    // Closing after the import refreshes the list: the imported users are there.
    await page.getByTestId('import-close').click();
    await expect(dialog).toBeHidden();
    const imported = `${rows[0]![0]}e2e`;
    await page.getByTestId('admin-keyword').fill(imported);
    await page.getByTestId('admin-search').click();
    await expect(page.getByTestId('user-table')).toContainText(imported);
  });
});
