import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiToken, toastSeen } from './helpers.ts';

/**
 * The shell's finish as a new user meets it: the keyboard, icons from the data, the size switch,
 * the languages, overlays and the phone.
 */

type Language = 'zh-CN' | 'zh-TW' | 'en-US';

/** Opens `path` signed in with `token`, in the given language and layout, the demo notice seen. */
async function openAs(page: Page, token: string, path: string, language: Language = 'zh-CN', layout = 'classic') {
  await page.addInitScript(
    ({ token, language, layout }) => {
      sessionStorage.setItem('ATRIUM__TOKEN', JSON.stringify(token) + '__string');
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      const settings = { version: 2, layoutType: layout, darkMode: false, tagsView: true, tagsIcon: true };
      localStorage.setItem('ATRIUM__LAYOUTSETTINGS', JSON.stringify(settings) + '__object');
      localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify(language) + '__string');
      sessionStorage.setItem('ATRIUM__DEMONOTICE', 'true__boolean');
    },
    { token, language, layout },
  );
  await page.goto(path);
}

async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Presses Tab until the element with `testId` has the focus (a keyboard user's way there). */
async function tabTo(page: Page, testId: string, limit = 150) {
  for (let i = 0; i < limit; i += 1) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    if (focused === testId) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}`);
}

/**
 * Opens the avatar menu from the keyboard, arrows (`key`) to the entry `entry` and presses Enter,
 * until `reached` holds. On a busy machine an arrow can land while the menu is still settling its
 * focus and move nothing, so the arrow is pressed one at a time until that entry is the active one
 * (at most once per entry of the menu). If Enter then acts on another entry, Escape closes whatever
 * that opened and the keys are tried again.
 */
async function chooseFromAvatarMenu(
  page: Page,
  key: 'ArrowDown' | 'ArrowUp',
  entry: string,
  reached: () => Promise<void>,
) {
  const active = page.locator('.ant-dropdown-menu-item-active');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await tabTo(page, 'user-dropdown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-item')).toBeVisible({ timeout: 5000 });
    for (
      let i = 0;
      i < 8 && !((await active.textContent({ timeout: 500 }).catch(() => '')) ?? '').includes(entry);
      i++
    ) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await expect(active).toContainText(entry, { timeout: 3000 });
    await page.keyboard.press('Enter');
    await reached();
  }).toPass({ timeout: 60_000 });
}

async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, what).toBeLessThanOrEqual(innerWidth);
}

test('S1-2.4-06 S1-4-03 S1-4-05 S1-2.4-18 keyboard only: sign in, open a page by menu search, open the profile, lock and unlock, sign out', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await tabTo(page, 'login-account');
  await page.keyboard.type('xuming');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('navbar')).toBeVisible();

  // Menu search: Ctrl+K, type, Enter.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('menu-search-input')).toBeFocused();
  await page.keyboard.type('行政');
  await expect(page.getByTestId('menu-search-result').first()).toContainText('行政区划');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/system\/area$/i);
  await expect(page.getByTestId('tags-view')).toContainText('行政区划');

  // The avatar menu: Space opens it, the arrows move, Escape closes it and gives the focus back.
  await tabTo(page, 'user-dropdown');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('profile-item')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-item')).toBeHidden();
  await expect(page.getByTestId('user-dropdown')).toBeFocused();
  // Enter opens it; the first entry is the profile.
  await chooseFromAvatarMenu(page, 'ArrowDown', '个人信息', () =>
    expect(page).toHaveURL(/\/profile$/, { timeout: 5000 }),
  );
  await expect(page.getByTestId('profile-page')).toBeVisible();

  // Lock: down to the lock entry (profile, about, statement, lock).
  await chooseFromAvatarMenu(page, 'ArrowDown', '锁定屏幕', () =>
    expect(page).toHaveURL(/\/lockScreen$/, { timeout: 5000 }),
  );
  await tabTo(page, 'lock-password');
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/lockScreen/);
  await expect(page.getByTestId('navbar')).toBeVisible();

  // Sign out: up from the end of the menu, then Enter on the confirmation's focused OK.
  await chooseFromAvatarMenu(page, 'ArrowUp', '退出', () =>
    expect(page.locator('.ant-modal-confirm')).toContainText('您确定要退出系统吗？', { timeout: 5000 }),
  );
  // The dialog moves the focus to its OK once it has opened; an Enter before that goes nowhere.
  await expect(page.locator('.ant-modal-confirm-btns .ant-btn-primary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
});

test('S1-2.4-31 S1-2.4-33 the settings drawer closes on Escape after a layout change and leaves no tooltip behind', async ({
  page,
  request,
}, testInfo) => {
  const token = await apiToken(request, 'taolin', 'demo1234');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/home', 'en-US');
  await expect(page.getByTestId('layout-classic')).toBeVisible();
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('layout-option-functional').click();
  await expect(page.getByTestId('layout-functional')).toBeVisible();
  // Pointing at a colour names it beside the label instead of a tooltip over the headings.
  await drawer.getByTestId('theme-color-green').hover();
  await expect(drawer.getByTestId('theme-color-label')).toContainText('Green');
  await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
  await attachShot(page, testInfo, 'settings-drawer-after-layout-change');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
});

test('S1-2.2-12 S1-2.4-35 each menu shows the icon of its record in the side menu, the top menu and the tags', async ({
  page,
  request,
}, testInfo) => {
  const token = await apiToken(request, 'jiangwei', 'demo1234');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/home', 'zh-CN', 'blend');
  await expect(page.getByTestId('layout-blend')).toBeVisible();
  // Seeded: 工作台 HomeOutlined, 首页 DashboardOutlined, 运营大屏 FundProjectionScreenOutlined.
  const top = page.getByTestId('top-menu');
  await expect(
    top.locator('.ant-menu-item, .ant-menu-submenu').filter({ hasText: '工作台' }).locator('.anticon-home'),
  ).toBeVisible();
  const side = page.getByTestId('side-menu');
  await expect(side.locator('.ant-menu-item', { hasText: '首页' }).locator('.anticon-dashboard')).toBeVisible();
  await expect(
    side.locator('.ant-menu-item', { hasText: '运营大屏' }).locator('.anticon-fund-projection-screen'),
  ).toBeVisible();
  // No entry falls back to the generic grid.
  await expect(side.locator('.anticon-appstore')).toHaveCount(0);
  await expect(page.getByTestId('tag-/home').locator('.anticon-dashboard, .anticon-home')).toBeVisible();
  await attachShot(page, testInfo, 'menu-icons-blend');
});

test('S1-2.2-12 the menu dialog picks an icon by name, and the list shows it', async ({ page, request }, testInfo) => {
  const token = await apiToken(request, 'yangbo', 'demo1234');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/system/menu', 'zh-CN');
  const menuRow = page.locator('tr', { hasText: '行政区划' }).first();
  await expect(menuRow).toBeVisible();
  await expect(menuRow.locator('.anticon-environment')).toBeVisible();
  await menuRow
    .getByRole('button', { name: /编辑|Edit/ })
    .first()
    .click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('menu-icon') });
  await expect(dialog.getByTestId('menu-icon')).toContainText('EnvironmentOutlined');
  await dialog.getByTestId('menu-icon').click();
  await page.keyboard.type('global');
  const option = page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: 'GlobalOutlined' });
  await expect(option.locator('.anticon-global')).toBeVisible();
  await attachShot(page, testInfo, 'icon-picker');
  // Cancel: the seeded icon stays for the other scenarios.
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
});

for (const language of ['zh-CN', 'en-US'] as const)
  test(`S1-8-17 S1-9-07 the size switch toasts in ${language} and resizes table rows and form controls; the actions column covers nothing`, async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiToken(request, 'zhangqiang', 'demo1234');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAs(page, token, '/msgCenter/notice', language);
    const table = page.getByTestId('notice-page').locator('.ant-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const rowHeight = () =>
      table
        .locator('tbody tr.ant-table-row')
        .first()
        .evaluate((el) => el.getBoundingClientRect().height);
    const inputHeight = () =>
      page
        .getByTestId('admin-keyword')
        .evaluate((el) => (el.closest('.ant-input-affix-wrapper') ?? el).getBoundingClientRect().height);

    // The created column is whole: its right edge is left of the fixed actions column.
    const created = table.locator('thead th', { hasText: language === 'zh-CN' ? /^创建时间$/ : /^Created$/ });
    const actions = table.locator('thead th.ant-table-cell-fix-right, thead th.ant-table-cell-fix-end').first();
    const c = (await created.boundingBox())!;
    const a = (await actions.boundingBox())!;
    expect(c.x + c.width).toBeLessThanOrEqual(a.x + 1);
    await attachShot(page, testInfo, `notice-list-${language}`);

    const middleRow = await rowHeight();
    const middleInput = await inputHeight();
    const text = language === 'zh-CN' ? '切换大小成功' : 'Switch Size Success';
    const toast = toastSeen(page, text);
    await page.getByTestId('size-switch').click();
    await page.getByTestId('size-small').click();
    await toast;
    await expect.poll(rowHeight).toBeLessThan(middleRow);
    await expect.poll(inputHeight).toBeLessThan(middleInput);
    await page.getByTestId('size-switch').click();
    await page.getByTestId('size-default').click();
    await expect.poll(rowHeight).toBeGreaterThan(middleRow);
    await expect.poll(inputHeight).toBeGreaterThan(middleInput);
    await attachShot(page, testInfo, `notice-list-large-${language}`);
  });

test('S1-2.1-19 S1-4-05 /404 opens inside the shell; a wrong lock password is said once', async ({ page, request }) => {
  const token = await apiToken(request, 'qifang', 'demo1234');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('navbar')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('lock-item').click();
  await expect(page).toHaveURL(/\/lockScreen$/);
  await page.getByTestId('lock-password').fill('wrong1234');
  await page.getByTestId('lock-submit').click();
  await expect(page.getByTestId('lock-error')).toContainText('密码错误');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.getByTestId('lock-password').fill('demo1234');
  await page.getByTestId('lock-submit').click();
  await expect(page).not.toHaveURL(/\/lockScreen/);
});

test('S1-4-08 S1-4-23 S1-2.4-21 reading one notice takes the count down by one; contacts scroll and load page 2; a dialog over a drawer dims it', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const token = await apiToken(request, 'xiedong', 'demo1234');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/home', 'en-US');
  const bell = page.getByTestId('message-bell');
  await expect(bell).toBeVisible();
  await bell.click();
  const drawerTitle = page.locator('.ant-drawer-title', { hasText: 'Message centre' });
  await expect(drawerTitle).toBeVisible();
  // One line in English beside the link.
  expect((await drawerTitle.boundingBox())!.height).toBeLessThan(30);
  await attachShot(page, testInfo, 'message-drawer-en');
  const list = page.getByTestId('message-drawer-list');
  const unread = list.locator('[data-unread="true"]');
  const total = async () => Number((await page.getByTestId('message-count-notice').textContent())?.trim() || 0);
  if ((await unread.count()) > 0) {
    const before = await total();
    await unread.first().click();
    await expect(page.getByTestId('notice-view')).toBeVisible();
    await expect.poll(total).toBe(Math.max(0, before - 1));
    // The push and the read call's answer have both arrived: still exactly one less.
    await page.waitForTimeout(1500);
    expect(await total()).toBe(Math.max(0, before - 1));
    await page.keyboard.press('Escape');
  }

  // Mark all read from the drawer: the confirmation dims the drawer (its mask lies above it).
  await page.getByTestId('message-read-all').click();
  await expect(page.locator('.ant-modal-confirm')).toBeVisible();
  const box = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.ant-drawer') === null, {
    x: box.x + box.width / 2,
    y: box.y + box.height - 40,
  });
  expect(onTop).toBe(true);
  await attachShot(page, testInfo, 'confirm-over-drawer');
  await page.locator('.ant-modal-confirm-btns .ant-btn').first().click();
  await page.keyboard.press('Escape');

  // Chat contacts: the list scrolls inside the drawer and asks for page 2.
  await page.getByTestId('chat-button').click();
  await page.getByTestId('chat-tab-contacts').click();
  const contacts = page.getByTestId('chat-contacts');
  await expect(contacts.locator('li').nth(19)).toBeAttached();
  const sizes = await contacts.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  const page2 = page.waitForRequest((req) => req.url().includes('/Users/ImUser') && /currentPage=2/.test(req.url()));
  await contacts.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page2;
  await expect.poll(() => contacts.locator('li').count()).toBeGreaterThan(20);
  await attachShot(page, testInfo, 'chat-contacts-page-2');
});

test('S1-2.4-21 the rich-text toolbar speaks the interface language', async ({ page, request }) => {
  const token = await apiToken(request, 'zhangqiang', 'demo1234');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/msgCenter/notice', 'zh-CN');
  await page.getByTestId('notice-add').click();
  const label = page.getByTestId('notice-body').locator('.ql-picker.ql-header .ql-picker-label');
  await expect(label).toBeVisible();
  const content = await label.evaluate((el) => getComputedStyle(el, '::before').content);
  expect(content).toContain('正文');
});

const PHONE_SCREENS: { path: string; account: string; testId: string }[] = [
  { path: '/home', account: 'zhangqiang', testId: 'navbar' },
  { path: '/profile', account: 'zhangqiang', testId: 'profile-page' },
  { path: '/msgCenter/notice', account: 'zhangqiang', testId: 'notice-page' },
  { path: '/messageRecord', account: 'zhangqiang', testId: 'navbar' },
  { path: '/system/area', account: 'xuming', testId: 'navbar' },
  { path: '/system/printDev', account: 'shixue', testId: 'navbar' },
];

for (const language of ['zh-CN', 'zh-TW', 'en-US'] as const)
  test(`S1-2.4-12 at 390 px in ${language} nothing runs past the screen: sign-in, shell pages, the print designer`, async ({
    browser,
  }, testInfo) => {
    test.slow();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language });
    const page = await context.newPage();
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('ATRIUM__LANGUAGE'))
        localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify(lang) + '__string');
    }, language);
    await page.goto('/login');
    const tabs = page.locator('[role=tablist]').first();
    await expect(tabs).toBeVisible();
    const card = (await page.locator('main').first().boundingBox())!;
    for (const tab of await tabs.locator('[role=tab]').all()) {
      const b = (await tab.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(card.x);
      expect(b.x + b.width).toBeLessThanOrEqual(card.x + card.width);
    }
    await expectNoHorizontalOverflow(page, 'login');
    await attachShot(page, testInfo, `phone-${language}-login`);

    const tokens = new Map<string, string>();
    for (const screen of PHONE_SCREENS) {
      let token = tokens.get(screen.account);
      if (!token) {
        token = await apiToken(context.request, screen.account, 'demo1234');
        tokens.set(screen.account, token);
      }
      await page.evaluate(
        ({ token, language }) => {
          sessionStorage.setItem('ATRIUM__TOKEN', JSON.stringify(token) + '__string');
          sessionStorage.setItem('ATRIUM__DEMONOTICE', 'true__boolean');
          localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify(language) + '__string');
        },
        { token, language },
      );
      await page.goto(screen.path);
      await expect(page.getByTestId(screen.testId)).toBeVisible();
      await page.waitForTimeout(600);
      await expectNoHorizontalOverflow(page, screen.path);
      await attachShot(page, testInfo, `phone-${language}${screen.path.replaceAll('/', '-')}`);
      if (screen.path === '/system/printDev') {
        await page.getByTestId('print-add').click();
        const designer = page.getByTestId('print-designer');
        await expect(designer).toBeVisible();
        // At 390 px the English tabs overflow and slide while the dialog settles, so a click can
        // land beside the tab: click until the template editor is on screen.
        const tab = designer.getByRole('tab', { name: /模板设计|範本設計|模板設計|Template design|Design/ });
        await expect(async () => {
          await tab.click();
          await expect(designer.locator('.ql-editor')).toBeVisible({ timeout: 3000 });
        }).toPass({ timeout: 30_000 });
        await expect(designer.getByTestId('print-field-panel')).toBeVisible();
        const panel = (await designer.getByTestId('print-field-panel').boundingBox())!;
        const editor = (await designer.locator('.ql-editor').boundingBox())!;
        // The panel no longer takes the width: the editor keeps most of the screen.
        expect(editor.width).toBeGreaterThan(300);
        expect(panel.height).toBeLessThan(844 * 0.4);
        await attachShot(page, testInfo, `phone-${language}-print-designer`);
        await page.keyboard.press('Escape');
      }
      // Sign out of this account before the next one.
      await page.evaluate(() => sessionStorage.removeItem('ATRIUM__TOKEN'));
    }
    await context.close();
  });
