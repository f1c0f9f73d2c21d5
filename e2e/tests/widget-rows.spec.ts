import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { apiToken, openWithToken, toastSeen } from './helpers.ts';

/** Widget behaviours in the browser, mostly on the widget gallery (views/example/form-gallery). */

const input = (page: Page, vModel: string) => page.locator(`#fr_${vModel}`);
const item = (page: Page, vModel: string) => page.locator(`[data-field="${vModel}"]`);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function openGallery(page: Page, token: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWithToken(page, token, '/example/formGallery');
  await expect(input(page, 'comInputField101')).toBeVisible();
}

/** The gallery's data interface list call (the request wrapper adds a query to every call). */
const LIST = /\/api\/system\/DataInterface\/gallery-interface\/Action\/List(\?|$)/;

/** A data interface (or a related form's list) answering pages of `total` rows as the request asks. */
function rowsAnswer(total: number) {
  return async (route: Route) => {
    const body = (route.request().postDataJSON() ?? {}) as { currentPage?: number; pageSize?: number };
    const page = Number(body.currentPage ?? 1);
    const size = Number(body.pageSize ?? 20);
    const list = Array.from({ length: total }, (_, i) => ({ id: `s${i + 1}`, fullName: `供应商${i + 1}` })).slice(
      (page - 1) * size,
      page * size,
    );
    await route.fulfill({ json: { code: 200, msg: 'Success', data: { list, pagination: { total } } } });
  };
}

/** The modal that holds `inner` (measured once its opening animation is over). */
const modalOf = (page: Page, inner: Locator) => page.locator('.ant-modal').filter({ has: inner });
const widthOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.width ?? 0);

/** The pager's parts left to right: total, sizes, prev, pages, next, jumper. */
async function pagerOrder(pager: Locator): Promise<string[]> {
  const parts: [string, string][] = [
    ['total', '.ant-pagination-total-text'],
    ['sizes', '.ant-pagination-options-size-changer'],
    ['prev', '.ant-pagination-prev'],
    ['pager', '.ant-pagination-item-1'],
    ['next', '.ant-pagination-next'],
    ['jumper', '.ant-pagination-options-quick-jumper'],
  ];
  const xs: [string, number][] = [];
  for (const [name, css] of parts) {
    const box = await pager.locator(css).first().boundingBox();
    expect(box, `${name} is shown`).toBeTruthy();
    xs.push([name, box!.x]);
  }
  return xs.sort((a, b) => a[1] - b[1]).map(([name]) => name);
}

/** Records when each toast with `text` appears and leaves, in page time (ms). */
async function watchToast(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const w = window as unknown as { toastTimes: { added?: number; removed?: number } };
    w.toastTimes = {};
    const holds = (n: Node) =>
      n instanceof HTMLElement &&
      (n.matches('.ant-message-notice, .ant-message-notice-wrapper') ||
        n.querySelector('.ant-message-notice') !== null) &&
      (n.textContent ?? '').includes(wanted);
    new MutationObserver((records) => {
      for (const r of records) {
        if (w.toastTimes.added === undefined && [...r.addedNodes].some(holds)) w.toastTimes.added = performance.now();
        if (w.toastTimes.added !== undefined && [...r.removedNodes].some(holds))
          w.toastTimes.removed ??= performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  }, text);
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { toastTimes: { removed?: number } }).toastTimes.removed), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const t = await page.evaluate(
      () => (window as unknown as { toastTimes: { added: number; removed: number } }).toastTimes,
    );
    return t.removed - t.added;
  };
}

test.describe('widget rows', () => {
  test('S2-9-09 S2-9-13 S2-9-11 S2-8-13 the popup select dialog: 800 or 1000 px, search columns of 10 and 8, the pager; a failed list stops loading and adds no message', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await page.route(LIST, rowsAnswer(45));
    await page.route(/\/api\/visualdev\/OnlineDev\/gallery-related\/List(\?|$)/, rowsAnswer(3));
    await openGallery(page, token);

    const asked: { currentPage: number; pageSize: number }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/gallery-interface/Action/List')) asked.push(r.postDataJSON());
    });
    await page.getByTestId('picker-popupSelectField135').click();
    const keyword = page.getByTestId('popup-popupSelectField135-keyword');
    const dialog = modalOf(page, keyword);
    await expect(dialog.getByText('供应商1', { exact: true })).toBeVisible();
    // popupWidth 800px: the dialog is 800 wide.
    await expect.poll(() => widthOf(dialog)).toBe(800);

    // The keyword takes 10 of the 24 columns, search and reset 8.
    const row = page.getByTestId('popup-popupSelectField135-search-row');
    const rowWidth = await widthOf(row);
    const keywordCol = await widthOf(keyword.locator('xpath=ancestor::*[contains(@class,"ant-col")][1]'));
    const buttonsCol = await widthOf(
      page.getByTestId('popup-popupSelectField135-search').locator('xpath=ancestor::*[contains(@class,"ant-col")][1]'),
    );
    expect(Math.abs(keywordCol - (rowWidth * 10) / 24)).toBeLessThanOrEqual(1);
    expect(Math.abs(buttonsCol - (rowWidth * 8) / 24)).toBeLessThanOrEqual(1);
    await expect(
      page.getByTestId('popup-popupSelectField135-search').locator('xpath=ancestor::*[contains(@class,"ant-col")][1]'),
    ).toContainText(/重\s*置/);

    // The pager: 20 a page, sizes 20/50/100/500, laid out total, sizes, prev, pager, next, jumper.
    const pager = dialog.locator('.ant-pagination');
    expect(asked[0]).toMatchObject({ currentPage: 1, pageSize: 20 });
    await expect(pager.locator('.ant-pagination-total-text')).toHaveText('共 45 条');
    await expect(pager.locator('.ant-pagination-options-size-changer')).toContainText('20 条/页');
    await expect(pager.locator('.ant-pagination-options-quick-jumper')).toContainText('跳至');
    expect(await pagerOrder(pager)).toEqual(['total', 'sizes', 'prev', 'pager', 'next', 'jumper']);
    await pager.locator('.ant-pagination-options-size-changer').click();
    const sizes = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(sizes).toHaveText(['20 条/页', '50 条/页', '100 条/页', '500 条/页']);
    await sizes.filter({ hasText: '50 条/页' }).click();
    await expect(dialog.getByText('供应商45', { exact: true })).toBeVisible();
    expect(asked.at(-1)).toMatchObject({ currentPage: 1, pageSize: 50 });

    // The list call fails: the table stops loading; the only message is the failed call's own.
    await page.unroute(LIST);
    let failed = 0;
    await page.route(LIST, async (route) => {
      failed += 1;
      await route.fulfill({ json: { code: 400, msg: '数据接口暂不可用' } });
    });
    const shown = toastSeen(page, '数据接口暂不可用');
    await page.getByTestId('popup-popupSelectField135-refresh').click();
    await shown;
    expect(failed).toBe(1);
    await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(page.locator('.ant-message-notice')).toHaveCount(1);
    await expect(page.locator('.ant-message-notice')).toHaveText('数据接口暂不可用');
    await page.getByTestId('popup-popupSelectField135-cancel').click();
    await expect(dialog).toBeHidden();

    // The related form's dialog asks for 1000px.
    await page.getByTestId('picker-relationFormField133').click();
    const related = modalOf(page, page.getByTestId('popup-relationFormField133-keyword'));
    await expect(related.getByText('供应商3', { exact: true })).toBeVisible();
    await expect.poll(() => widthOf(related)).toBe(1000);
  });

  test('S2-9-11 S2-8-13 a management list pages by 20 with the same pager; a failed import call stops loading and adds no message', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await page.setViewportSize({ width: 1440, height: 900 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/permission\/Users\?/.test(r.url())) asked.push(r.url());
    });
    await openWithToken(page, token, '/permission/user');
    const pager = page.locator('.ant-pagination').first();
    await expect(pager.locator('.ant-pagination-total-text')).toBeVisible();
    expect(new URL(asked[0]!).searchParams.get('pageSize')).toBe('20');
    await expect(pager.locator('.ant-pagination-options-size-changer')).toContainText('20 条/页');
    expect(await pagerOrder(pager)).toEqual(['total', 'sizes', 'prev', 'pager', 'next', 'jumper']);
    await pager.locator('.ant-pagination-options-size-changer').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
      '20 条/页',
      '50 条/页',
      '100 条/页',
      '500 条/页',
    ]);
    await page.keyboard.press('Escape');

    // The import: the file is taken, then the preview call fails.
    await page.route(/\/api\/permission\/Users\/Uploader(\?|$)/, (route) =>
      route.fulfill({ json: { code: 200, msg: 'Success', data: { name: 'users.xlsx' } } }),
    );
    await page.route(/\/api\/permission\/Users\/ImportPreview(\?|$)/, (route) =>
      route.fulfill({ json: { code: 400, msg: '导入预览暂不可用' } }),
    );
    await page.getByTestId('user-import').click();
    await page
      .getByTestId('import-step-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await expect(page.getByTestId('import-step-upload')).toContainText('users.xlsx');
    const shown = toastSeen(page, '导入预览暂不可用');
    await page.getByTestId('import-next').click();
    await shown;
    await expect(page.getByTestId('import-next')).not.toHaveClass(/ant-btn-loading/);
    await expect(page.getByTestId('import-step-upload')).toBeVisible();
    await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  });

  test('S2-4-15 the date quick filter emits the picked range as start and end timestamps, and empty strings on clear', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await openGallery(page, token);
    const shown = page.getByTestId('quick-filter-range');
    const picker = page
      .locator('.ant-picker-range')
      .filter({ has: page.locator('input') })
      .last();
    await picker.locator('input').first().click();
    await picker.locator('input').first().fill('2026-03-02');
    await page.keyboard.press('Enter');
    await picker.locator('input').nth(1).fill('2026-03-05');
    await page.keyboard.press('Enter');
    const [start, end] = await page.evaluate(() => [
      new Date(2026, 2, 2, 0, 0, 0, 0).getTime(),
      new Date(2026, 2, 5, 23, 59, 59, 999).getTime(),
    ]);
    await expect(shown).toHaveText(`开始 ${start}，结束 ${end}`);
    await picker.hover();
    await picker.locator('.ant-picker-clear').click();
    await expect(shown).toHaveText('已清空（空字符串）');
  });

  test('S2-2-32 S2-2-34 S1-8-10 S2-5-47 attachments: images in the viewer, the full-screen toggle, a refusal for 1.5 s, a download without data', async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await apiToken(request, 'admin', 'admin123');
    await openGallery(page, token);
    const field = item(page, 'uploadFzField121');
    const upload = async (name: string, buffer: Buffer) => {
      await field.getByTestId('upload-fz-open').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('upload-fz-done') });
      await dialog.getByTestId('chunk-uploader-input').setInputFiles({ name, mimeType: '', buffer });
      return dialog;
    };

    // S1-8-10: the server refuses the type; its message shows as an error for 1.5 s.
    await page.mouse.move(0, 0);
    const refusal = '不允许上传 exe 类型的文件';
    const lasted = await watchToast(page, refusal);
    let dialog = await upload('tool.exe', Buffer.from('MZ'));
    await expect(page.locator('.ant-message-error', { hasText: refusal })).toBeVisible();
    const ms = await lasted();
    expect(ms, 'the refusal shows 1.5 s (plus its closing motion)').toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(2600);
    await expect(dialog.getByTestId('upload-item').first()).toHaveAttribute('data-state', 'error');
    await dialog.getByTestId('upload-remove').click();
    await dialog.getByTestId('upload-fz-done').click();

    // S2-2-32: an image opens in the image viewer.
    dialog = await upload('点.png', PNG);
    await expect(dialog.getByTestId('upload-item').first()).toHaveAttribute('data-state', 'success');
    await dialog.getByTestId('upload-fz-done').click();
    await expect(field.getByTestId('upload-fz-files')).toContainText('点.png');
    await field.getByRole('button', { name: '预览' }).first().click();
    const viewer = page.locator('.ant-image-preview');
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('img')).toHaveAttribute('src', /\/api\/file\/Preview\/annex\/.+ticket=/);
    await expect(page.getByTestId('file-preview')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // S2-2-34: a PDF in the frame; the full-screen toggle has its tooltip and warns without full screen.
    dialog = await upload('计划.pdf', Buffer.from('%PDF-1.4 plan'));
    await expect(dialog.getByTestId('upload-item').first()).toHaveAttribute('data-state', 'success');
    await dialog.getByTestId('upload-fz-done').click();
    await field.getByRole('button', { name: '预览' }).nth(1).click();
    await expect(page.getByTestId('file-preview-frame')).toBeVisible();
    const toggle = page.getByTestId('file-preview-fullscreen');
    await expect(toggle).toBeEnabled();
    await toggle.hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText('全屏');
    await page.evaluate(() => Object.defineProperty(document, 'fullscreenEnabled', { value: false }));
    const unsupported = toastSeen(page, '您的浏览器不支持全屏');
    await toggle.click();
    await unsupported;
    await expect(page.locator('.ant-message-warning', { hasText: '您的浏览器不支持全屏' })).toBeVisible();
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // S2-5-47: a record that came without its download data warns 'file download failed'.
    await page.route(/\/api\/file\/merge(\?|$)/, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      delete body.data.url;
      await route.fulfill({ response: answer, json: body });
    });
    dialog = await upload('无链接.txt', Buffer.from('no link'));
    await expect(dialog.getByTestId('upload-item').first()).toHaveAttribute('data-state', 'success');
    await dialog.getByTestId('upload-fz-done').click();
    await expect(field.getByTestId('upload-fz-files')).toContainText('无链接.txt');
    const failed = toastSeen(page, '文件下载失败');
    await field.getByRole('button', { name: '下载' }).nth(2).click();
    await failed;
    await expect(page.locator('.ant-message-warning', { hasText: '文件下载失败' })).toBeVisible();
  });

  test('S2-5-06 S2-8-07 the uploader: a pre-upload hook rejects a file; a wrong type says 请选择{type}类型的文件', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await openGallery(page, token);
    const card = page.getByTestId('gallery-uploader');
    const chosen = card.getByTestId('chunk-uploader-input');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/file\/(chunk|merge)/.test(r.url())) sent.push(r.url());
    });

    // The hook refuses Office's temporary file: nothing is listed, nothing is sent.
    const skipped = toastSeen(page, '已跳过临时文件 ~$报告.docx');
    await chosen.setInputFiles({ name: '~$报告.docx', mimeType: '', buffer: Buffer.from('lock') });
    await skipped;
    await expect(card.getByTestId('upload-item')).toHaveCount(0);

    // A type outside the accepted list.
    const wrongType = toastSeen(page, '请选择pdf/txt/xlsx/docx类型的文件');
    await chosen.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await wrongType;
    await expect(page.locator('.ant-message-error', { hasText: '请选择pdf/txt/xlsx/docx类型的文件' })).toBeVisible();
    await expect(card.getByTestId('upload-item')).toHaveCount(0);
    expect(sent).toEqual([]);

    // What the hook lets through is uploaded.
    await chosen.setInputFiles({ name: '报告.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 r') });
    await expect(card.getByTestId('upload-item').first()).toHaveAttribute('data-state', 'success');
    await expect(card.getByTestId('gallery-uploaded')).toHaveText('报告.pdf');
  });

  test('S2-5-07 S2-8-04 a file that cannot be read shows 文件{name}读取出错，请检查该文件 and its upload is cancelled', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'zhangqiang', 'demo1234');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openWithToken(page, token, '/msgCenter/notice');
    await page.getByTestId('notice-add').click();
    await expect(page.getByTestId('notice-attach')).toBeVisible();
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/file/chunk') || r.url().includes('/api/file/merge')) chunks.push(r.url());
    });

    // A file on disk, chosen, then removed before the browser has read it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-read-error-'));
    const file = path.join(dir, '月报.zip');
    fs.writeFileSync(file, Buffer.alloc(25 * 1024 * 1024, 7));
    const message = '文件月报.zip读取出错，请检查该文件';
    const shown = toastSeen(page, message);
    try {
      await page.locator('input[type=file]').setInputFiles(file);
      fs.rmSync(file);
      await shown;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await expect(page.locator('.ant-message-error', { hasText: message })).toBeVisible();
    // Cancelled: it leaves the list and nothing was sent.
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
    expect(chunks).toEqual([]);
  });

  test('S2-5-33 S2-5-38 the user picker in single mode confirms an empty choice as an empty value; the tree select picks leaves only', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await openGallery(page, token);

    // The user field starts with the current user; clearing the choice and confirming empties it.
    const picker = page.getByTestId('picker-userSelectField127');
    // An ellipsis stands in for the name until it has been read.
    await expect(picker).toHaveText(/[^\s…]/);
    const before = (await picker.textContent()) ?? '';
    await picker.click();
    const dialog = page.getByTestId('user-picker-picked');
    await expect(dialog).toContainText(before.trim());
    await page.getByTestId('user-picker-clear').click();
    await expect(dialog).not.toContainText(before.trim());
    await page.getByTestId('user-picker-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(picker).not.toContainText(before.trim());
    // The form holds no user now: the required check says so on submit.
    await page.getByTestId('gallery-submit').click();
    await expect(item(page, 'userSelectField127')).toContainText('请选择用户选择');

    // leafOnly: the department under the head office can be chosen, the head office itself not.
    await input(page, 'treeSelectField112').click();
    const tree = page.locator('.ant-select-dropdown:visible');
    await tree.locator('.ant-select-tree-switcher').first().click();
    const chosen = item(page, 'treeSelectField112').locator('.ant-select-content');
    await tree.getByTitle('总部', { exact: true }).click();
    // Still open, nothing chosen.
    await expect(tree.getByTitle('销售部', { exact: true })).toBeVisible();
    await expect(chosen).toHaveText('');
    await tree.getByTitle('销售部', { exact: true }).click();
    await expect(chosen).toHaveText('销售部');
  });
});
