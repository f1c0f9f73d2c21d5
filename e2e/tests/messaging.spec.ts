import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { answerConfirm, pressUntilClosed, signIn, toastSeen } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-messaging';
/** An 8 x 6 red PNG, made for this scenario. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEklEQVR4nGP4z8CAFWEXpZMEADMoL9HswQX5AAAAAElFTkSuQmCC',
  'base64',
);

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Resolves when the page's live socket has answered OnConnection (its initMessage arrived). */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"initMessage"')) resolve();
      });
    });
  });
}

/** A signed-in page of its own browser context (its own session and socket). */
async function user(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const ready = socketReady(page);
  await page.goto('/login');
  await signIn(page, account, 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  await ready;
  return page;
}

const bellTotal = async (page: Page) => Number(await page.getByTestId('message-bell-total').textContent());

test.describe('messaging', () => {
  test('S1-4-20 S1-4-24 S1-4-25 S1-4-26 S1-5-19 S1-5-21 S1-5-22 S1-4-21 S1-4-28 konghui and caopeng chat live: text, emoji and an image', async ({
    browser,
  }) => {
    test.slow();
    const kong = await user(browser, 'konghui');
    const cao = await user(browser, 'caopeng');

    // konghui finds caopeng among the contacts and opens the chat.
    await kong.getByTestId('chat-button').click();
    await kong.getByTestId('chat-tab-contacts').click();
    await kong.getByTestId('chat-contact-search').locator('input').fill('caopeng');
    await kong.getByTestId('chat-contact-search').locator('input').press('Enter');
    await kong.getByTestId('chat-contact-caopeng').click();
    const kongDialog = kong.getByTestId('chat-dialog');
    await expect(kongDialog).toBeVisible();

    // Blank input is not sent; the text goes trimmed, the emoji code shows as its glyph.
    await kong.getByTestId('chat-input').fill('   ');
    await expect(kong.getByTestId('chat-send')).toBeDisabled();
    await kong.getByTestId('chat-input').fill('  你好，曹鹏 ');
    await kong.getByTestId('chat-emoji').click();
    await kong.getByTestId('chat-emoji-100').click();
    await expect(kong.getByTestId('chat-input')).toHaveValue('  你好，曹鹏 [100]');
    await kong.getByTestId('chat-input').press('Enter');
    await expect(kong.getByTestId('chat-input')).toHaveValue('');
    const kongMessages = kong.getByTestId('chat-messages');
    await expect(kongMessages.getByTestId('chat-message')).toHaveCount(1);
    await expect(kongMessages).toContainText('你好，曹鹏 😀');

    // caopeng: the bell flashes, the chat badge counts one, the conversation is listed with it.
    await expect(cao.getByTestId('message-bell')).toHaveAttribute('data-flash', 'true');
    await cao.getByTestId('chat-button').click();
    const conversation = cao.getByTestId('chat-conversation-konghui');
    await expect(conversation).toContainText('你好，曹鹏 😀');
    await expect(conversation.getByTestId('chat-conversation-unread')).toContainText('1');
    await expect(conversation.getByTestId('chat-conversation-time')).toHaveText('刚刚');
    await shot(cao, 'chat-drawer');
    await conversation.click();
    const caoMessages = cao.getByTestId('chat-messages');
    await expect(caoMessages).toContainText('你好，曹鹏 😀');
    await expect(cao.getByTestId('message-bell')).toHaveAttribute('data-flash', 'false');

    // Replies arrive live in the open chat of the other side.
    await cao.getByTestId('chat-input').fill('收到 [195]');
    await cao.getByTestId('chat-send').click();
    await expect(kongMessages).toContainText('收到 👍');

    // An image: uploaded first, then sent; it shows on both sides.
    await kong.getByTestId('chat-image-input').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: PNG });
    await expect(caoMessages.locator('.ant-image img')).toHaveCount(1);
    const shown = caoMessages.locator('.ant-image img');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    // Each side shows it through its own link: the stored path plus a short-lived ticket, no token.
    const kongShown = kongMessages.locator('.ant-image img');
    await expect.poll(() => kongShown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    const caoSrc = String(await shown.getAttribute('src'));
    const kongSrc = String(await kongShown.getAttribute('src'));
    expect(caoSrc).toMatch(/^\/prod\/api\/file\/Image\/IM\/[0-9A-Za-z]+\.png\?ticket=[^&]+$/);
    expect(kongSrc.split('?')[0]).toBe(caoSrc.split('?')[0]);
    expect(kongSrc).not.toBe(caoSrc);
    // Without its ticket the same path is refused with the envelope.
    const bare = await cao.request.get(caoSrc.split('?')[0]!);
    expect(bare.status()).toBe(403);
    expect((await bare.json()).code).toBe(403);
    await cao.screenshot({ path: `${SHOTS}/chat-image.png` });

    // 5 MB or more is refused before any upload.
    const tooLarge = toastSeen(kong, '图片大小不能超过5M');
    await kong.getByTestId('chat-image-input').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024, 1),
    });
    await tooLarge;
    await expect(kongMessages.getByTestId('chat-message')).toHaveCount(3);

    // The history panel lists the conversation oldest first.
    await kong.getByTestId('chat-history-toggle').click();
    const history = kong.getByTestId('chat-history-list');
    await expect(history).toContainText('你好，曹鹏 😀');
    await expect(history).toContainText('收到 👍');
    await shot(kong, 'chat-dialog');

    // caopeng clears the conversation after the confirmation.
    await cao.keyboard.press('Escape');
    await expect(cao.getByTestId('chat-dialog')).toBeHidden();
    await cao.getByTestId('chat-conversation-konghui').click({ button: 'right' });
    await cao.getByText('删除聊天记录').click();
    await answerConfirm(cao, '确定清空当前聊天的所有记录吗？', 'dangerous');
    await expect(cao.getByTestId('chat-conversation-konghui').getByTestId('chat-conversation-latest')).toHaveText('');

    await kong.context().close();
    await cao.context().close();
  });

  test('S1-4-15 S1-4-30 S1-5-23 S1-8-18 S1-8-20 S1-2.1-08 zhangqiang releases a notice to everyone; caopeng sees it arrive, reads it and marks all read', async ({
    browser,
  }) => {
    test.slow();
    const cao = await user(browser, 'caopeng');
    const zhang = await user(browser, 'zhangqiang');
    const title = `部门通知 ${Date.now()}`;

    // zhangqiang writes a draft for everyone and releases it.
    await zhang.goto('/msgCenter/notice');
    await expect(zhang.getByTestId('notice-page')).toBeVisible();
    await zhang.getByTestId('notice-add').click();
    await zhang.getByTestId('notice-title').fill(title);
    await zhang.getByTestId('notice-body').locator('.ql-editor').fill('本周五下午三点在三楼会议室开会。');
    // S2-3-01 an attachment is uploaded first and listed with the notice.
    await zhang.locator('input[type=file]').setInputFiles({
      name: '会议议程.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('一、季度总结\n二、下季度计划'),
    });
    await expect(zhang.getByTestId('notice-attachments')).toContainText('会议议程.txt');
    // The form lists it with the link the upload answered (a ticket for zhangqiang).
    await expect(zhang.getByTestId('notice-attachment-link')).toHaveAttribute('href', /[?&]ticket=/);
    await shot(zhang, 'notice-form');
    await zhang.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = zhang.locator('tr', { hasText: title });
    await expect(row.getByTestId('notice-state')).toHaveText('草稿');

    const before = await bellTotal(cao);
    await row.getByTestId('notice-release').click();
    await answerConfirm(zhang, '发布');
    await expect(row.getByTestId('notice-state')).toHaveText('已发布');
    await shot(zhang, 'notice-admin');

    // caopeng's bell rises live; the notice opens in the view dialog and is read.
    await expect.poll(() => bellTotal(cao)).toBe(before + 1);
    await cao.getByTestId('message-bell').click();
    const item = cao.getByTestId('message-drawer-list').locator('li', { hasText: title });
    await expect(item).toBeVisible();
    await shot(cao, 'message-drawer');
    await item.click();
    const view = cao.getByTestId('notice-view');
    await expect(view).toContainText(title);
    await expect(cao.getByTestId('notice-view-body')).toContainText('本周五下午三点在三楼会议室开会。');
    await expect(view).toContainText('张强/zhangqiang');
    const attachment = view.getByRole('link', { name: '会议议程.txt' });
    const href = String(await attachment.getAttribute('href'));
    expect(href).toMatch(/^\/prod\/api\/file\/Annex\/[0-9A-Za-z]+\.txt\?fullName=.+&ticket=[^&]+$/);
    const fetched = await cao.request.get(href);
    expect(await fetched.text()).toBe('一、季度总结\n二、下季度计划');
    // A click downloads it under its name.
    const [download] = await Promise.all([cao.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('会议议程.txt');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe('一、季度总结\n二、下季度计划');
    await shot(cao, 'notice-view');
    // A refused link (here: its ticket lost on the way) shows the server's message, not a page of JSON.
    await cao.route('**/api/file/Annex/**', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.delete('ticket');
      return route.continue({ url: url.toString() });
    });
    const refused = toastSeen(cao, '文件链接缺少访问票据，请从列表中重新打开');
    await attachment.click();
    await refused;
    await expect(view).toBeVisible();
    await cao.unroute('**/api/file/Annex/**');
    await expect.poll(() => bellTotal(cao)).toBe(before);
    await cao.keyboard.press('Escape');

    // Mark all read: the confirmation, then the server's message.
    await cao.getByTestId('message-read-all').click();
    const done = toastSeen(cao, '已全部标记为已读');
    await answerConfirm(cao, '您确定要把所有消息标为已读吗？');
    await done;
    await expect.poll(() => bellTotal(cao)).toBe(0);

    // The message centre lists it as read.
    await cao.getByTestId('message-view-all').click();
    await expect(cao).toHaveURL(/\/messageRecord$/);
    const record = cao.getByTestId('message-record-table').locator('tr', { hasText: title });
    await expect(record).toContainText('已读');
    await shot(cao, 'message-record');

    await cao.context().close();
    await zhang.context().close();
  });

  test('S1-7-33 S2-7-53 zhangqiang fills a notice from a template and keeps a new one', async ({ browser }) => {
    const zhang = await user(browser, 'zhangqiang');
    const name = `部门周会 ${Date.now()}`;
    await zhang.goto('/msgCenter/notice');
    await zhang.getByTestId('notice-add').click();
    const body = zhang.getByTestId('notice-body').locator('.ql-editor');

    // The seeded meeting template fills the empty body and the empty title.
    await zhang.getByTestId('notice-template-use').click();
    const dialog = zhang.locator('.ant-modal', { has: zhang.getByTestId('notice-template-dialog-keyword') });
    await expect(dialog.locator('tr', { hasText: '放假通知' })).toBeVisible();
    await shot(zhang, 'notice-template-dialog');
    await dialog.locator('tr', { hasText: '会议通知' }).click();
    await pressUntilClosed(dialog, zhang.getByTestId('notice-template-dialog-confirm'));
    await expect(body).toContainText('议题');
    await expect(zhang.getByTestId('notice-title')).toHaveValue('会议通知');

    // With a body written, a template asks before it replaces it; cancelling keeps the text.
    await body.fill('周一上午九点部门周会，请带上本周计划。');
    await zhang.getByTestId('notice-template-use').click();
    await dialog.locator('tr', { hasText: '放假通知' }).click();
    await pressUntilClosed(dialog, zhang.getByTestId('notice-template-dialog-confirm'));
    const ask = zhang.locator('.ant-modal-confirm', { hasText: '公告已有内容，确定用模板替换吗？' });
    await pressUntilClosed(ask, ask.locator('.ant-modal-confirm-btns .ant-btn:not(.ant-btn-primary)'));
    await expect(body).toHaveText('周一上午九点部门周会，请带上本周计划。');

    // The body is kept as a template under a new name; the same name again is refused by the server.
    await zhang.getByTestId('notice-template-save').click();
    await expect(zhang.getByTestId('notice-template-name')).toHaveValue('会议通知');
    await zhang.getByTestId('notice-template-name').fill(name);
    const saved = toastSeen(zhang, '已存为模板');
    await zhang.getByTestId('notice-template-save-ok').click();
    await saved;
    await zhang.getByTestId('notice-template-save').click();
    await zhang.getByTestId('notice-template-name').fill(name);
    const taken = toastSeen(zhang, `模板名称“${name}”已存在`);
    await zhang.getByTestId('notice-template-save-ok').click();
    await taken;
    await zhang
      .locator('.ant-modal', { hasText: '模板名称' })
      .getByRole('button', { name: /取\s*消/ })
      .click();

    // It is listed, found by its text, and can be deleted.
    await zhang.getByTestId('notice-template-use').click();
    await dialog.getByTestId('notice-template-dialog-keyword').fill('本周计划');
    await dialog.getByTestId('notice-template-dialog-keyword').press('Enter');
    const mine = dialog.locator('tr', { hasText: name });
    await expect(mine).toContainText('张强/zhangqiang');
    await expect(dialog.locator('tr', { hasText: '会议通知' })).toHaveCount(0);
    await mine.getByTestId('notice-template-remove').click();
    await answerConfirm(zhang, '此操作将永久删除该数据', 'dangerous');
    await expect(mine).toHaveCount(0);
    await zhang.context().close();
  });
});
