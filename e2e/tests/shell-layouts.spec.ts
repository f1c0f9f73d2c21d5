import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiToken } from './helpers.ts';

/**
 * The shell in real Chromium: the four layouts x light/dark x desktop/mobile. One sign-in (through
 * the API) serves the whole file; each combination is set up by writing the stored settings before
 * the app starts, exactly what the settings drawer persists.
 */
const LAYOUTS = ['classic', 'functional', 'blend', 'plain'] as const;
type Layout = (typeof LAYOUTS)[number];
const SCHEMES = [
  // The two schemes also cover the two languages of the screenshots.
  { name: 'light', dark: false, language: 'zh-CN' },
  { name: 'dark', dark: true, language: 'en-US' },
] as const;
const DEVICES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

// Menu names come from the server in the interface language.
const MENU_NAMES: Record<string, { home: string; workbench: string }> = {
  'zh-CN': { home: '首页', workbench: '工作台' },
  'en-US': { home: 'Home', workbench: 'Workbench' },
};

let token = '';

// The combinations are independent: both workers take a share (each signs in once).
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ request }) => {
  // A demo employee of its own: the settings test saves preferences on the server, which must not
  // leak into other specs' users.
  token = await apiToken(request, 'douwen', 'demo1234');
});

interface Setup {
  layout: Layout;
  dark: boolean;
  language: string;
  width: number;
  height: number;
}

async function openShell(page: Page, setup: Setup, path: string) {
  await page.setViewportSize({ width: setup.width, height: setup.height });
  await page.addInitScript(
    ({ token, layout, dark, language }) => {
      // Storage format of apps/web/src/utils/storage.ts.
      sessionStorage.setItem('ATRIUM__TOKEN', JSON.stringify(token) + '__string');
      // Once per page: a reload inside a scenario keeps what the scenario changed.
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      const settings = { version: 2, layoutType: layout, darkMode: dark, sidebarLogo: true, tagsView: true };
      localStorage.setItem('ATRIUM__LAYOUTSETTINGS', JSON.stringify(settings) + '__object');
      localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify(language) + '__string');
      localStorage.removeItem('ATRIUM__SIDEBARSTATUS');
      // The demo-data notice is covered by its own scenario; here it would only shift the screenshots.
      sessionStorage.setItem('ATRIUM__DEMONOTICE', 'true__boolean');
    },
    { token, layout: setup.layout, dark: setup.dark, language: setup.language },
  );
  await page.goto(path);
  await expect(page.getByTestId(`layout-${setup.layout}`)).toBeVisible();
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Opens 首页 (Home) through the menu the layout has. */
async function openHomeFromMenu(page: Page, layout: Layout, mobile: boolean, language: string) {
  const { home: HOME, workbench: WORKBENCH } = MENU_NAMES[language]!;
  if (mobile) {
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar-mask')).toBeVisible();
    const side = page.getByTestId('side-menu');
    if (!(await side.getByText(HOME, { exact: true }).isVisible())) await side.getByText(WORKBENCH).click();
    await side.getByText(HOME, { exact: true }).click();
    // A route change on mobile closes the side bar.
    await expect(page.getByTestId('sidebar-mask')).toBeHidden();
    return;
  }
  if (layout === 'functional') {
    await page.getByTestId('top-menu').getByText(WORKBENCH).hover();
    await page.locator('.ant-menu-submenu-popup').getByText(HOME, { exact: true }).click();
    await page.mouse.move(700, 600);
    return;
  }
  if (layout === 'plain') {
    await page.getByTestId('side-menu').locator('.ant-menu-submenu-title').first().hover();
    await page.locator('.ant-menu-submenu-popup').getByText(HOME, { exact: true }).click();
    // As a user does: the pointer leaves the pop-up, which then closes.
    await page.mouse.move(700, 600);
    await expect(page.locator('.ant-menu-submenu-popup').getByText(HOME, { exact: true })).toBeHidden();
    return;
  }
  const side = page.getByTestId('side-menu');
  if (!(await side.getByText(HOME, { exact: true }).isVisible())) await side.getByText(WORKBENCH).click();
  await side.getByText(HOME, { exact: true }).click();
}

/**
 * Goes to `path` inside the running app (the tags bar and the page cache live in memory, a page load
 * would reset them): the router follows history changes announced by popstate.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A mark on a page's DOM survives only while the page is kept alive. */
async function markPage(page: Page, testId: string) {
  await page.getByTestId(testId).evaluate((el) => el.setAttribute('data-e2e-mark', 'kept'));
}

for (const layout of LAYOUTS)
  for (const scheme of SCHEMES)
    for (const device of DEVICES)
      test(`S1-2.4-01..04 S1-2.4-10 S1-2.4-12 S1-2.4-13 S1-2.4-17 S1-4-34 S1-4-35 ${layout} ${scheme.name} ${device.name}`, async ({
        page,
      }, testInfo) => {
        const mobile = device.name === 'mobile';
        await openShell(page, { layout, dark: scheme.dark, language: scheme.language, ...device }, '/profile');
        await expect(page.getByTestId('profile-page')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme.name);
        await expectNoHorizontalOverflow(page);
        if (mobile) await expect(page.getByTestId('sidebar-mask')).toBeHidden();

        // A cached page keeps what was typed across a switch of tags.
        await page.getByTestId('base-edit').click();
        const realName = page.getByTestId('base-realName');
        await realName.fill('KeptAcrossTags');
        await markPage(page, 'profile-page');

        // The menu opens a page.
        await openHomeFromMenu(page, layout, mobile, scheme.language);
        await expect(page).toHaveURL(/\/home$/);
        await expect(page.getByTestId('home-page')).toBeVisible();
        await expectNoHorizontalOverflow(page);

        await page.getByTestId('tag-/profile').click();
        await expect(page).toHaveURL(/\/profile$/);
        await expect(page.getByTestId('base-realName')).toHaveValue('KeptAcrossTags');
        await expect(page.getByTestId('profile-page')).toHaveAttribute('data-e2e-mark', 'kept');
        const shot = testInfo.outputPath(`${layout}-${scheme.name}-${scheme.language}-${device.name}.png`);
        await page.screenshot({ path: shot });
        await testInfo.attach(`${layout} ${scheme.name} ${scheme.language} ${device.name}`, {
          path: shot,
          contentType: 'image/png',
        });

        // A noCache page (external link) is rendered anew on every visit.
        await navigateInApp(page, '/externalLink?url=nope');
        await expect(page.getByTestId('external-link-page')).toBeVisible();
        await markPage(page, 'external-link-page');
        await page.getByTestId('tag-/home').click();
        await expect(page.getByTestId('home-page')).toBeVisible();
        await page.getByTestId('tag-/externalLink?url=nope').click();
        await expect(page.getByTestId('external-link-page')).toBeVisible();
        await expect(page.getByTestId('external-link-page')).not.toHaveAttribute('data-e2e-mark', 'kept');

        // Tags: close others keeps the pinned home and the chosen tag; close removes one.
        await expect(page.getByTestId('tags-view').getByRole('tab')).toHaveCount(3);
        await page.getByTestId('tag-/profile').click({ button: 'right' });
        await page.getByTestId('tag-close-others').click();
        await expect(page).toHaveURL(/\/profile$/);
        await expect(page.getByTestId('tag-/externalLink?url=nope')).toHaveCount(0);
        await expect(page.getByTestId('tags-view').getByRole('tab')).toHaveCount(2);
        await page.getByTestId('tag-close-/profile').click();
        await expect(page).toHaveURL(/\/home$/);
        await expect(page.getByTestId('tag-/profile')).toHaveCount(0);
        // The pinned home tag has no close button.
        await expect(page.getByTestId('tag-close-/home')).toHaveCount(0);
        // Closing dropped the cached profile: opened again (from the avatar menu) it is a new page.
        await page.getByTestId('user-dropdown').click();
        await page.getByTestId('profile-item').click();
        await expect(page).toHaveURL(/\/profile$/);
        await expect(page.getByTestId('profile-page')).not.toHaveAttribute('data-e2e-mark', 'kept');
      });

test('S1-2.4-31 S1-2.4-32 S1-2.4-33 S1-4-37 the settings drawer switches layout, dark mode and colour, kept after a reload', async ({
  page,
}, testInfo) => {
  await openShell(page, { layout: 'classic', dark: false, language: 'zh-CN', width: 1440, height: 900 }, '/home');
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer).toBeVisible();
  expect(Math.round((await page.locator('.ant-drawer-content-wrapper').boundingBox())!.width)).toBe(280);

  await attachShot(page, testInfo, 'settings-drawer-classic-light');
  await drawer.getByTestId('layout-option-functional').click();
  await expect(page.getByTestId('layout-functional')).toBeVisible();
  await drawer.getByTestId('dark-mode-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const tagColour = () =>
    page.getByTestId('tag-/home').evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number));
  const [r0, g0, b0] = await tagColour();
  expect(b0).toBeGreaterThan(g0);
  await drawer.getByTestId('theme-color-green').click();
  // The primary colour is an antd token: the active tag takes it at once (dark mode derives a
  // dimmer shade of the chosen green).
  await expect
    .poll(async () => {
      const [r, g, b] = await tagColour();
      return g > r && g > b && (r !== r0 || g !== g0);
    })
    .toBe(true);

  // Saved with the user on the server too (after a short debounce).
  // The colour change above may still be on its way (debounced): wait for the save carrying the
  // tags-view switch.
  const saved = page.waitForRequest(
    (req) =>
      req.url().includes('/Users/Current/SystemTheme') &&
      req.method() === 'PUT' &&
      req.postDataJSON()?.preferences?.tagsView === false,
  );
  await drawer.getByTestId('setting-tagsView').click();
  expect((await saved).postDataJSON()).toMatchObject({
    theme: 'functional',
    preferences: { darkMode: true, themeColor: 'green', tagsView: false },
  });
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await drawer.getByTestId('setting-tagsView').click();
  await expect(page.getByTestId('tags-view')).toBeVisible();

  // No flash of the light scheme on reload: <html> is dark before the app script runs.
  await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('html[data-theme]', { state: 'attached' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('layout-functional')).toBeVisible();
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
  // Let the drawer finish sliding in before the picture.
  await expect.poll(async () => (await page.locator('.ant-drawer-content-wrapper').boundingBox())?.x).toBe(1440 - 280);
  await attachShot(page, testInfo, 'settings-drawer-functional-dark-green');
});

test('S1-2.4-06 S1-8-16 S1-8-17 S1-2.4-18 top bar: language, size, menu search by pinyin, message bell', async ({
  page,
}, testInfo) => {
  await openShell(page, { layout: 'blend', dark: false, language: 'zh-CN', width: 1440, height: 900 }, '/profile');

  // Pinyin finds the Chinese menu names (searched before switching: menus then come in English).
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('menu-search-input');
  await expect(input).toBeFocused();
  await input.fill('sy');
  await expect(page.getByTestId('menu-search-result').first()).toContainText('首页');
  await attachShot(page, testInfo, 'menu-search-sy');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('menu-search-dialog')).toBeHidden();

  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('.ant-message')).toContainText('Switch success');
  await expect(page.getByTestId('tag-/home')).toHaveText('Home');

  await page.getByTestId('size-switch').click();
  await page.getByTestId('size-small').click();
  await expect(page.locator('.ant-message')).toContainText('Switch Size Success');

  await page.getByTestId('message-bell').click();
  await expect(page.getByTestId('message-counts')).toBeVisible();
  await expect(page.getByTestId('message-count-notice')).toBeVisible();
  await attachShot(page, testInfo, 'message-bell');
  await expectNoHorizontalOverflow(page);
});

test('S1-2.4-09 the functional top menu puts what does not fit under More ...', async ({ page }, testInfo) => {
  // Seven top-level entries at 116 px in a narrow desktop window.
  await page.route('**/api/oauth/CurrentUser*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const extra = Array.from({ length: 6 }, (_, i) => ({
      ...body.data.menuList[0],
      id: `extra-${i}`,
      fullName: `菜单${i + 1}`,
      children: [],
      type: 2,
      urlAddress: 'home',
    }));
    body.data.menuList = [...body.data.menuList, ...extra];
    await route.fulfill({ response, json: body });
  });
  await openShell(page, { layout: 'functional', dark: false, language: 'zh-CN', width: 1000, height: 800 }, '/home');
  const top = page.getByTestId('top-menu');
  const width = (await top.boundingBox())!.width;
  const fit = Math.floor(width / 116);
  await expect(top.getByTestId('top-menu-more')).toBeVisible();
  await expect(
    top.locator('.ant-menu-horizontal > li.ant-menu-item, .ant-menu-horizontal > li.ant-menu-submenu'),
  ).toHaveCount(fit);
  await top.getByTestId('top-menu-more').hover();
  await expect(page.locator('.ant-menu-submenu-popup').getByText('菜单6')).toBeVisible();
  await attachShot(page, testInfo, 'functional-more');
  await expectNoHorizontalOverflow(page);
});
