import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken, signIn } from './helpers.ts';

const SHOTS = '/tmp/shots-form-gallery';

/** A gallery field by its model name (the renderer gives each input the id fr_<path>). */
const input = (page: Page, vModel: string) => page.locator(`#fr_${vModel}`);
const item = (page: Page, vModel: string) => page.locator(`[data-field="${vModel}"]`);

test.describe('widget gallery', () => {
  test('S2-2-40 S2-5-19 S2-5-22 S2-5-40 admin fills several kinds, sees the validation messages, adds priced rows and submits through the server', async ({
    page,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    await signIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The gallery is reachable from the extension demos menu.
    await page.getByRole('menuitem', { name: /扩展示例/ }).click();
    await page.getByRole('menuitem', { name: /组件示例/ }).click();
    await page.waitForURL(/\/example\/formGallery/);
    const gallery = page.getByTestId('form-gallery');
    await expect(
      gallery.getByRole('heading', { name: '组件示例' }).or(gallery.getByText('组件示例').first()),
    ).toBeVisible();
    await expect(input(page, 'comInputField101')).toBeVisible();

    // Submitting the empty form shows each required message on its field; nothing is sent.
    await page.getByTestId('gallery-submit').click();
    await expect(item(page, 'comInputField101')).toContainText('请输入单行输入');
    await expect(item(page, 'numInputField105')).toContainText('请输入数字输入');
    await expect(item(page, 'radioField108')).toContainText('请选择单选框组');
    await expect(item(page, 'selectField110')).toContainText('请选择下拉选择');
    // The messages sit under their inputs, which turn red.
    await expect(item(page, 'numInputField105').locator('.ant-input-number').first()).toHaveClass(/status-error/);
    await item(page, 'comInputField101').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${SHOTS}/messages.png` });

    // Pattern rules answer on blur with their messages.
    await input(page, 'comInputField102').fill('12345');
    await input(page, 'comInputField102').blur();
    await expect(item(page, 'comInputField102')).toContainText('请输入正确的手机号码');
    await input(page, 'comInputField103').fill('not-an-email');
    await input(page, 'comInputField103').blur();
    await expect(item(page, 'comInputField103')).toContainText('请输入正确的邮箱');
    await input(page, 'comInputField102').fill('13800138000');
    await input(page, 'comInputField103').fill('admin@example.com');
    await input(page, 'comInputField103').blur();
    await expect(item(page, 'comInputField102')).not.toContainText('请输入正确的手机号码');
    await expect(item(page, 'comInputField103')).not.toContainText('请输入正确的邮箱');

    // Text, number, radio, select; the barcode follows the text field.
    await input(page, 'comInputField101').fill('ATRIUM2026');
    await expect(item(page, 'comInputField101')).not.toContainText('请输入单行输入');
    await expect(page.locator('svg[data-barcode="ATRIUM2026"]')).toBeVisible();
    await input(page, 'numInputField105').fill('1234.5');
    await input(page, 'numInputField105').blur();
    await expect(input(page, 'numInputField105')).toHaveValue('1,234.50');
    await item(page, 'radioField108').getByText('高', { exact: true }).click();
    await expect(item(page, 'radioField108')).not.toContainText('请选择单选框组');
    await input(page, 'selectField110').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中' }).click();
    await expect(item(page, 'selectField110')).not.toContainText('请选择下拉选择');
    await item(page, 'switchField107').getByRole('switch').click();

    // The sub-table: a row with an empty required cell blocks the submit with the cell message.
    const table = page.getByTestId('sub-table-tableField140');
    await table.getByRole('button', { name: '添加' }).click();
    await page.getByTestId('gallery-submit').click();
    await expect(table).toContainText('品名不能为空');
    await expect(page.getByTestId('gallery-saved')).toHaveCount(0);

    // Price x quantity gives the row amount; the summary row and the total follow.
    const row = table.locator('[data-row]').first();
    await row.locator('[id$="_comInputField141"]').fill('铅笔');
    await row.locator('[id$="_numInputField142"]').fill('2.5');
    await row.locator('[id$="_numInputField143"]').fill('4');
    await row.locator('[id$="_numInputField143"]').blur();
    await expect(table).not.toContainText('品名不能为空');
    await expect(row).toContainText('10.00');
    await table.getByRole('button', { name: '添加' }).click();
    const second = table.locator('[data-row]').nth(1);
    await second.locator('[id$="_comInputField141"]').fill('橡皮');
    await second.locator('[id$="_numInputField142"]').fill('1.2');
    await second.locator('[id$="_numInputField143"]').fill('3');
    await second.locator('[id$="_numInputField143"]').blur();
    const summary = page.getByTestId('summary-tableField140');
    await expect(summary).toContainText('合计');
    await expect(summary.locator('[data-summary="numInputField143"]')).toHaveText('7');
    await expect(summary.locator('[data-summary="calculateField144"]')).toHaveText('13.60');
    await expect(item(page, 'calculateField146')).toContainText('13.60');
    await page.screenshot({ path: `${SHOTS}/filled.png`, fullPage: true });

    // The server validates the same form and answers the values it kept.
    await page.getByTestId('gallery-submit').click();
    const saved = page.getByTestId('gallery-saved');
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('"comInputField101": "ATRIUM2026"');
    await expect(saved).toContainText('"calculateField146": 13.6');
    await expect(saved).toContainText('"comInputField141": "铅笔"');

    // The detail view shows the record read-only in a dialog titled 详情.
    await page.getByRole('button', { name: '查看详情' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText('详情');
    await expect(detail).toContainText('ATRIUM2026');
    await expect(detail.locator('#fr_comInputField101')).not.toHaveJSProperty('tagName', 'INPUT');
    await page.screenshot({ path: `${SHOTS}/detail.png` });
    await detail.getByRole('button', { name: /取\s*消/ }).click();
    await expect(detail).toHaveCount(0);
  });
});

/** Every data field of the gallery form (sub-table columns as table-column), as form grants name them. */
const GALLERY_FIELDS = [
  'comInputField101',
  'comInputField102',
  'comInputField103',
  'textareaField104',
  'numInputField105',
  'PsdInputField106',
  'switchField107',
  'radioField108',
  'checkboxField109',
  'selectField110',
  'cascaderField111',
  'treeSelectField112',
  'dateField113',
  'timeField114',
  'dateRangeField115',
  'timeRangeField116',
  'colorPickerField117',
  'rateField118',
  'sliderField119',
  'editorField120',
  'uploadFzField121',
  'uploadImgField122',
  'numRangeField123',
  'comSelectField124',
  'depSelectField125',
  'posSelectField126',
  'userSelectField127',
  'usersSelectField128',
  'roleSelectField129',
  'groupSelectField130',
  'addressField131',
  'billRuleField132',
  'relationFormField133',
  'relationFormAttrField134',
  'popupSelectField135',
  'popupTableSelectField136',
  'autoCompleteField137',
  'popupAttrField138',
  'tableField140',
  'tableField140-comInputField141',
  'tableField140-numInputField142',
  'tableField140-numInputField143',
  'tableField140-calculateField144',
  'tableField140-selectField145',
  'calculateField146',
  'createUserField150',
  'createTimeField151',
  'modifyUserField152',
  'modifyTimeField153',
  'currOrganizeField154',
  'currDeptField155',
  'currPositionField156',
  'comInputField172',
  'textareaField174',
  'comInputField177',
  'numInputField179',
  'comInputField182',
  'comInputField184',
  'comInputField185',
];
const HIDDEN = 'comInputField101';

interface TreeItem {
  id: string;
  enCode?: string;
  children?: TreeItem[];
}
const findCode = (items: TreeItem[], code: string): TreeItem | undefined => {
  for (const item of items) {
    if (item.enCode === code) return item;
    const inner = findCode(item.children ?? [], code);
    if (inner) return inner;
  }
  return undefined;
};

test.describe('widget gallery with form grants', () => {
  test('S2-5-45 a user granted the gallery but not one field neither sees it nor gets it back from the server', async ({
    browser,
    request,
  }) => {
    test.slow();
    const admin = await apiToken(request, 'admin', 'admin123');
    const as = (token: string) => ({ headers: { Authorization: token } });
    const systems = (await (await request.get('/prod/api/system/System', as(admin))).json()).data.list as TreeItem[];
    const system = systems.find((s) => s.enCode === 'atrium')!;
    const menus = (await (await request.get(`/prod/api/system/Menu?systemId=${system.id}`, as(admin))).json()).data
      .list as TreeItem[];
    const directory = findCode(menus, 'extend')!;
    const gallery = findCode(menus, 'extend.widgetGallery')!;
    expect(gallery, 'the gallery menu is seeded').toBeTruthy();

    // Declaring the form's fields on the gallery menu turns form grants on for it.
    const declared: Record<string, string> = {};
    for (const [i, code] of GALLERY_FIELDS.entries()) {
      const res = await request.post('/prod/api/system/ModuleForm', {
        ...as(admin),
        data: { moduleId: gallery.id, fullName: code, enCode: code, sortCode: i },
      });
      const body = await res.json();
      expect(body.code, body.msg).toBe(200);
      declared[code] = body.data.id;
    }

    const staff = await apiToken(request, 'staff', 'demo1234');
    const staffId: string = (await (await request.get('/prod/api/oauth/CurrentUser', as(staff))).json()).data.userInfo
      .userId;
    const before = (
      await (await request.get(`/prod/api/permission/Authority/Data/${staffId}?objectType=user`, as(admin))).json()
    ).data;
    const grant = async (version: number, granted: Record<string, string[]>) => {
      const res = await request.put(`/prod/api/permission/Authority/Data/${staffId}`, {
        ...as(admin),
        data: { objectType: 'user', version, ...granted },
      });
      const body = await res.json();
      expect(body.code, body.msg).toBe(200);
    };
    try {
      // staff: the gallery menu and every declared field but one.
      await grant(before.version, {
        ...before.granted,
        system: [...new Set([...before.granted.system, system.id])],
        module: [...new Set([...before.granted.module, directory.id, gallery.id])],
        form: [
          ...before.granted.form,
          ...Object.entries(declared)
            .filter(([code]) => code !== HIDDEN)
            .map(([, id]) => id),
        ],
      });

      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/login');
      await signIn(page, 'staff', 'demo1234');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.getByRole('menuitem', { name: /扩展示例/ }).click();
      await page.getByRole('menuitem', { name: /组件示例/ }).click();
      await page.waitForURL(/\/example\/formGallery/);

      // The ungranted field is not there; its neighbours are.
      await expect(input(page, 'comInputField102')).toBeVisible();
      await expect(item(page, 'numInputField105')).toBeVisible();
      await expect(item(page, HIDDEN)).toHaveCount(0);
      await expect(input(page, HIDDEN)).toHaveCount(0);
      // The barcode that reads the hidden field has nothing to show.
      await expect(page.locator('svg[data-barcode]')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/granted-staff.png` });

      // Filling the rest and submitting: the hidden required field does not block, and the answer lacks it.
      await input(page, 'numInputField105').fill('12');
      await item(page, 'radioField108').getByText('高', { exact: true }).click();
      await input(page, 'selectField110').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中' }).click();
      const answer = page.waitForResponse((r) => r.url().includes('/api/example/FormGallery/Validate'));
      await page.getByTestId('gallery-submit').click();
      const body = await (await answer).json();
      expect(body.code, body.msg).toBe(200);
      expect(body.data).not.toHaveProperty(HIDDEN);
      expect(body.data.numInputField105).toBe(12);
      await expect(page.getByTestId('gallery-saved')).toBeVisible();
      await expect(page.getByTestId('gallery-saved')).not.toContainText(HIDDEN);

      // Even sent on purpose, the server neither keeps nor answers it.
      const forged = await (
        await request.post('/prod/api/example/FormGallery/Validate', {
          ...as(staff),
          data: { data: { ...body.data, [HIDDEN]: 'sent anyway' } },
        })
      ).json();
      expect(forged.code, forged.msg).toBe(200);
      expect(forged.data).not.toHaveProperty(HIDDEN);
      await context.close();
    } finally {
      // Leave grants and menu as they were for the scenarios that follow.
      const now = (
        await (await request.get(`/prod/api/permission/Authority/Data/${staffId}?objectType=user`, as(admin))).json()
      ).data;
      await grant(now.version, before.granted);
      for (const id of Object.values(declared))
        expect((await (await request.delete(`/prod/api/system/ModuleForm/${id}`, as(admin))).json()).code).toBe(200);
    }
  });
});

test.describe('widget gallery layout', () => {
  for (const lang of ['zh-CN', 'en-US'] as const)
    test(`S2-4-09 S2-2-05 S2-2-08 the gallery in ${lang} on desktop and phone`, async ({ page, request }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const token = await apiToken(request, 'admin', 'admin123');
      await page.addInitScript(
        (value) => localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify(value) + '__string'),
        lang,
      );
      for (const size of [
        { width: 1440, height: 900, name: 'desktop' },
        { width: 390, height: 844, name: 'phone' },
      ]) {
        await page.setViewportSize(size);
        await openWithToken(page, token, '/example/formGallery');
        await expect(input(page, 'comInputField102')).toBeVisible();
        await expect(page.locator('svg[data-barcode], [data-qrcode]').first()).toBeVisible();
        // Nothing reaches past the right edge of the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
        // Pickers line up with the inputs of their column (the mobile number sits in the user picker's).
        const inputBox = (await input(page, 'comInputField102')
          .locator('xpath=ancestor::*[contains(@class,"ant-form-item-control-input-content")][1]')
          .boundingBox())!;
        const pickerBox = (await page.getByTestId('picker-userSelectField127').boundingBox())!;
        expect(Math.abs(pickerBox.x + pickerBox.width - (inputBox.x + inputBox.width))).toBeLessThanOrEqual(1);
        if (size.name === 'desktop') {
          // The clear icon of a picker with a value shows only while the pointer is over it.
          const picker = page.getByTestId('picker-userSelectField127');
          const clear = picker.locator('[class*="clear"]');
          await page.mouse.move(0, 0);
          await expect(clear).toHaveCSS('opacity', '0');
          await picker.hover();
          await expect(clear).toHaveCSS('opacity', '1');
          // The user picker opens in its 800px two-pane dialog.
          await picker.click();
          const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('user-picker-picked') });
          await expect(dialog).toBeVisible();
          // (measured once its opening animation has finished)
          await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(800);
          await page.getByTestId('user-picker-cancel').click();
          await expect(dialog).toBeHidden();
        }
        // Opening the page raises no error (no widget calls what it has not been asked for).
        await expect(page.locator('.ant-message-notice')).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/gallery-${lang}-${size.name}-top.png` });
        // The whole form, a screen at a time: the page scrolls inside the layout, not the document.
        for (let part = 1; part <= 12; part++) {
          const more = await page.getByTestId('form-gallery').evaluate((el, n) => {
            let box: HTMLElement | null = el.parentElement;
            while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
              box = box.parentElement;
            if (!box) return false;
            box.scrollTop = (n - 1) * (box.clientHeight - 60);
            return box.scrollTop + box.clientHeight < box.scrollHeight;
          }, part);
          await page.screenshot({ path: `${SHOTS}/gallery-${lang}-${size.name}-${part}.png` });
          if (!more) break;
        }
      }
    });
});
