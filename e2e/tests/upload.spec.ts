import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS ?? '';
const CHUNK = 5_242_880;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** 30 MB of bytes that do not repeat in any chunk (so a chunk sent twice or out of place changes the md5). */
function bigFile(): Buffer {
  const bytes = Buffer.alloc(30 * 1024 * 1024);
  let x = 0x2545f491;
  for (let i = 0; i < bytes.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes.writeInt32LE(x | 0, i);
  }
  return bytes;
}

test.describe('chunked upload with resume', () => {
  test('S2-4-16 S2-4-17 S2-4-18 S2-9-04 S2-9-05 a 30 MB attachment survives a cut connection, resumes, matches its md5 and uploads instantly the second time', async ({
    page,
    request,
  }) => {
    test.slow();
    const bytes = bigFile();
    const localMd5 = createHash('md5').update(bytes).digest('hex');
    const token = await apiToken(request, 'zhangqiang', 'demo1234');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openWithToken(page, token, '/msgCenter/notice');
    await expect(page.getByTestId('notice-page')).toBeVisible();
    await page.getByTestId('notice-add').click();
    await expect(page.getByTestId('notice-attach')).toBeVisible();

    // Chunks 1 and 2 go through; then the connection is cut for every chunk.
    const sent: number[] = [];
    let cut = false;
    await page.route('**/api/file/chunk**', async (route) => {
      const req = route.request();
      if (req.method() !== 'POST') return route.continue();
      const n = Number(/name="chunkNumber"\r\n\r\n(\d+)/.exec(req.postDataBuffer()?.toString('latin1') ?? '')?.[1]);
      sent.push(n);
      if (sent.length > 2) {
        cut = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '年度档案.zip', mimeType: 'application/zip', buffer: bytes });
    const item = page.getByTestId('upload-item').first();
    // Five retries of the cut chunk, then the file stops with an error and offers retry.
    await expect(item).toHaveAttribute('data-state', 'error', { timeout: 60_000 });
    expect(cut).toBe(true);
    expect(sent.slice(0, 2).sort()).toEqual([1, 2]);
    expect(sent.slice(2)).toEqual([3, 3, 3, 3, 3, 3]);
    await shot(page, 'upload-error-zh-desktop');

    // The connection is back: retry asks the server what it holds and sends only chunks 3 to 6.
    // Chunk bodies are read where the route sees them: a plain request event does not carry a
    // body of megabytes.
    await page.unroute('**/api/file/chunk**');
    const resumed: number[] = [];
    await page.route('**/api/file/chunk**', async (route) => {
      const req = route.request();
      if (req.method() === 'POST')
        resumed.push(
          Number(/name="chunkNumber"\r\n\r\n(\d+)/.exec(req.postDataBuffer()?.toString('latin1') ?? '')?.[1]),
        );
      return route.continue();
    });
    const merged = page.waitForResponse((res) => res.url().includes('/api/file/merge'));
    await item.getByTestId('upload-retry').click();
    const record = (await (await merged).json()).data;
    await expect(item).toHaveAttribute('data-state', 'success', { timeout: 60_000 });
    expect(resumed.sort()).toEqual([3, 4, 5, 6]);
    expect(record.fileSize).toBe(bytes.length);
    expect(Math.ceil(bytes.length / CHUNK)).toBe(6);
    // The server checked the md5 of the whole; the stored bytes hash the same as the local file.
    expect(record.hash).toBe(localMd5);
    await expect(page.getByTestId('notice-attachments')).toContainText('年度档案.zip');
    const href = await page.getByTestId('notice-attachment-link').getAttribute('href');
    expect(href).toMatch(/[?&]ticket=/);
    const download = await request.get(href!);
    expect(download.status()).toBe(200);
    expect(
      createHash('md5')
        .update(await download.body())
        .digest('hex'),
    ).toBe(localMd5);
    await shot(page, 'upload-done-zh-desktop');

    // The same file again: the server has the hash, nothing is sent, the file is there at once.
    resumed.length = 0;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '年度档案-副本.zip', mimeType: 'application/zip', buffer: bytes });
    const second = page.getByTestId('upload-item').nth(1);
    await expect(second).toHaveAttribute('data-state', 'success', { timeout: 60_000 });
    await expect(second.getByTestId('upload-state')).toHaveText('秒传');
    expect(resumed).toEqual([]);
    await expect(page.getByTestId('notice-attachments')).toContainText('年度档案-副本.zip');

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'upload-done-zh-phone');
  });

  test('S2-2-20 the batch import dialog in English on desktop and phone', async ({ page, request }) => {
    const token = await apiToken(request, 'admin', 'admin123');
    await page.addInitScript(() => localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify('en-US') + '__string'));
    for (const size of [
      { width: 1440, height: 900, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      await page.setViewportSize(size);
      await openWithToken(page, token, '/permission/user');
      await page.getByTestId('user-import').click();
      await expect(page.getByTestId('import-step-upload')).toBeVisible();
      await shot(page, `import-${size.name}`);
      await page.keyboard.press('Escape');
    }
  });
});
