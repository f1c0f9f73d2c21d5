import { GALLERY as G, galleryForm, type FormField, type FormJson } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../locales/index.ts';
import { envelope, jsonResponse, mockFetch } from '../../../test/helpers.ts';
import { FormRenderer } from '../renderer.tsx';
import { cellPath } from '../store.ts';
import { createFormRuntime, type FormRuntime } from '../use-form-runtime.ts';

// The gallery renders every kind, each loaded on demand: slow in happy-dom.
const WAIT = { timeout: 15_000 };

const CTX = {
  lang: 'zh-CN' as const,
  now: new Date('2026-11-25T10:30:00').getTime(),
  user: { id: 'u-1', account: 'admin', realName: '管理员' },
  organize: { id: 'o-1', fullName: '总公司' },
  department: { id: 'd-1', fullName: '研发部' },
  position: { id: 'p-1', fullName: '工程师' },
};

function mount(form: FormJson, values?: Record<string, unknown>, readOnly = false): FormRuntime {
  // Every lookup the pickers and selects make answers an empty list.
  mockFetch(() => jsonResponse(envelope({ list: [], pagination: { total: 0 } })));
  const runtime = createFormRuntime(form, CTX, { values });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormRenderer form={form} model={runtime.model} store={runtime.store} formContext={CTX} readOnly={readOnly} />
    </QueryClientProvider>,
  );
  return runtime;
}

/** The rendered box of a field, once its widget has loaded. */
async function box(path: string, selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector(`[data-field="${path}"] ${selector}`);
    if (!found) throw new Error(`${path}: no ${selector}`);
    return found as HTMLElement;
  }, WAIT);
}

const byFormId = (form: FormJson, id: number): FormField => {
  const walk = (fields: readonly FormField[]): FormField | undefined => {
    for (const f of fields) {
      if (f.__config__.formId === id) return f;
      const inner = walk(f.__config__.children ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(form.fields)!;
};
/** The store path of a field without a model name (layout and display elements). */
const elementPath = (form: FormJson, id: number) => `${byFormId(form, id).__config__.jnpfKey}-${id}`;

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('field kinds the renderer draws', { timeout: 60_000 }, () => {
  it('S2-3-32 S2-3-33 S2-2-39 layout and display kinds: divider, group title, card, row, tab, collapse; text, link, alert, button, barcode, QR code', async () => {
    const form = galleryForm('zh-CN');
    mount(form, { [G.input]: 'ABC123' });
    const at = (id: number, selector: string) => box(elementPath(form, id), selector);

    // Layout: the group title and the divider show their content; card, row, tab and collapse hold their fields.
    expect((await at(163, '*')).closest('[data-field]')!.textContent).toBe('布局与静态元素');
    expect((await at(168, '.ant-divider')).textContent).toBe('分割线');
    const card = screen.getAllByText('卡片')[0]!.closest('.ant-card') as HTMLElement;
    expect(card.querySelector('[data-field="textareaField174"] textarea')).not.toBeNull();
    expect(await box('comInputField172', 'input')).toBeTruthy();
    const tabs = document.querySelector('.ant-tabs') as HTMLElement;
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['标签一', '标签二']);
    expect(await box('comInputField177', 'input')).toBeTruthy();
    const collapse = document.querySelector('.ant-collapse') as HTMLElement;
    expect(within(collapse).getByText('折叠面板')).toBeTruthy();
    expect(collapse.querySelector('[data-field="comInputField182"]')).not.toBeNull();

    // Display: text, link, alert, button, barcode (of the related field's letters and digits), QR code.
    expect((await at(164, '*')).closest('[data-field]')!.textContent).toBe('这是一段说明文字。');
    expect((await at(165, 'a')).textContent).toContain('打开帮助');
    expect((await at(167, '.ant-alert')).textContent).toContain('提交前请核对明细。');
    expect((await at(166, 'button')).textContent?.replace(/\s/g, '')).toBe('按钮');
    expect((await at(169, 'svg[data-barcode]')).getAttribute('data-barcode')).toBe('ABC123');
    expect((await at(170, '[data-qrcode]')).getAttribute('data-qrcode')).toBe('https://example.com/atrium');
  });

  it('S2-3-34 S2-3-35 S2-2-39 input and upload kinds: radio, checkbox, select, cascader, tree select, switch, colour, rate, slider, rich text, date and time ranges, password, file and image upload, numeric range', async () => {
    mount(galleryForm('zh-CN'));
    expect((await box(G.radio, '.ant-radio-group')).querySelectorAll('input[type="radio"]').length).toBeGreaterThan(1);
    expect(
      (await box(G.checkbox, '.ant-checkbox-group')).querySelectorAll('input[type="checkbox"]').length,
    ).toBeGreaterThan(1);
    expect(await box(G.select, '.ant-select')).toBeTruthy();
    expect(await box(G.cascader, '.ant-cascader')).toBeTruthy();
    expect(await box(G.treeSelect, '.ant-tree-select')).toBeTruthy();
    expect(await box(G.switch, 'button.ant-switch')).toBeTruthy();
    expect(await box(G.color, 'input[type="color"]')).toBeTruthy();
    expect((await box(G.rate, '.ant-rate')).querySelectorAll('.ant-rate-star')).toHaveLength(5);
    expect(await box(G.slider, '.ant-slider')).toBeTruthy();
    expect(await box(G.editor, '.ql-toolbar')).toBeTruthy();
    expect((await box(G.dateRange, '.ant-picker-range')).querySelectorAll('input')).toHaveLength(2);
    expect((await box(G.timeRange, '.ant-picker-range')).querySelectorAll('input')).toHaveLength(2);
    expect(await box(G.password, 'input[type="password"]')).toBeTruthy();
    expect(await box(G.numRange, 'input')).toBeTruthy();
    expect(document.querySelector(`[data-field="${G.numRange}"]`)!.querySelectorAll('input')).toHaveLength(2);
    // Uploads: the attachment control's button and the image cards' add card.
    expect((await box(G.files, 'button')).textContent).toMatch(/上传/);
    expect(await box(G.images, '[data-testid="upload-img-add"]')).toBeTruthy();
  });

  it('S2-3-37 S2-3-38 S2-2-39 the sub-table with its summary row over summaryField; calculate and billRule read-only', async () => {
    const runtime = mount(galleryForm('zh-CN'), {
      [G.table]: [
        { [G.itemName]: '螺丝', [G.price]: 2.5, [G.quantity]: 4 },
        { [G.itemName]: '螺母', [G.price]: 1, [G.quantity]: 6 },
      ],
    });
    const table = await screen.findByTestId(`sub-table-${G.table}`, undefined, WAIT);
    // Typing the quantities computes each row's amount and the total.
    await act(async () => {
      for (const row of runtime.store.rows(G.table))
        runtime.store.setValue(cellPath(G.table, row.id, G.quantity), row.values[G.quantity]);
    });
    // show-summary with summaryField [quantity, amount]: 合计, the two totals, nothing under other columns.
    const summary = within(table).getByTestId(`summary-${G.table}`);
    expect(summary.firstElementChild!.textContent).toBe('合计');
    await waitFor(() => expect(summary.querySelector(`[data-summary="${G.quantity}"]`)!.textContent).toBe('10'), WAIT);
    expect(summary.querySelector(`[data-summary="${G.amount}"]`)!.textContent).toBe('16');
    expect(summary.querySelector(`[data-summary="${G.price}"]`)!.textContent).toBe('');
    // The calculated total (read-only, no input) and the bill number (generated by the system).
    await waitFor(() => expect(document.querySelector(`[data-field="${G.total}"]`)!.textContent).toContain('16'), WAIT);
    expect(document.querySelector(`[data-field="${G.total}"] input:not([readonly]):not([disabled])`)).toBeNull();
    expect(runtime.store.value(G.total)).toBe(16);
    const bill = await box(G.billRule, '*');
    expect(bill.closest('[data-field]')!.textContent).toContain('系统自动生成');
    expect(document.querySelector(`[data-field="${G.billRule}"] input:not([readonly]):not([disabled])`)).toBeNull();
  });

  it('S2-3-40 sub-table: label and showTitle, actionText, required and labelled columns, pc visibility, width, each control type', async () => {
    const column = (
      jnpfKey: FormField['__config__']['jnpfKey'],
      n: number,
      extra: Partial<FormField['__config__']> = {},
      props = {},
    ): FormField => ({
      __config__: {
        jnpfKey,
        label: `列${n}`,
        formId: 200 + n,
        isSubTable: true,
        parentVModel: 'tableField9',
        ...extra,
      },
      __vModel__: `${jnpfKey}Field${n}`,
      ...props,
    });
    const options = {
      options: [
        { id: 'a', fullName: '甲' },
        { id: 'b', fullName: '乙' },
      ],
    };
    const form = (showTitle: boolean): FormJson => ({
      fields: [
        {
          __config__: {
            jnpfKey: 'table',
            label: '明细',
            formId: 9,
            span: 24,
            children: [
              column('comInput', 1, { required: true }, { width: 180 }),
              column('select', 2, {}, { __slot__: options }),
              column('checkbox', 3, {}, { __slot__: options }),
              column('radio', 4, {}, { __slot__: options }),
              column('treeSelect', 5, {}, { options: [{ id: 't', fullName: '树', children: [] }] }),
              column('cascader', 6, {}, { options: [{ id: 'c', fullName: '级', children: [] }] }),
              column('numInput', 7),
              column('comInput', 8, { visibility: ['app'] }),
            ],
          },
          __vModel__: 'tableField9',
          showTitle,
          actionText: '添加明细',
        },
      ],
    });
    const runtime = mount(form(true), { tableField9: [{}] });
    const table = await screen.findByTestId('sub-table-tableField9', undefined, WAIT);
    expect(within(table).getByText('明细')).toBeTruthy();
    const head = table.querySelector('[role="row"]') as HTMLElement;
    const headers = [...head.children].map((c) => c.textContent);
    // The pc-hidden column is left out; the required column is marked.
    expect(headers).toEqual(['#', '列1', '列2', '列3', '列4', '列5', '列6', '列7', '操作']);
    expect(head.children[1]!.className).toMatch(/required/);
    expect(head.children[2]!.className).not.toMatch(/required/);
    // The configured width, the others share the rest.
    const grid = table.querySelector('[role="table"]') as HTMLElement;
    expect(grid.style.gridTemplateColumns.split(' ').slice(0, 3)).toEqual(['48px', '180px', 'minmax(160px,']);
    // Each cell draws its own control.
    const row = table.querySelectorAll('[role="row"]')[1] as HTMLElement;
    const cell = (n: number, selector: string) =>
      waitFor(() => {
        const found = row.querySelector(
          `[data-cell$=".${['', 'comInput', 'select', 'checkbox', 'radio', 'treeSelect', 'cascader', 'numInput'][n]}Field${n}"] ${selector}`,
        );
        if (!found) throw new Error(`column ${n}: no ${selector}`);
        return found;
      }, WAIT);
    await cell(1, 'input');
    await cell(2, '.ant-select');
    await cell(3, 'input[type="checkbox"]');
    await cell(4, 'input[type="radio"]');
    await cell(5, '.ant-tree-select');
    await cell(6, '.ant-cascader');
    await cell(7, '.ant-input-number');
    // actionText names the add-row button; a new row follows.
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: /添加明细/ }));
    });
    expect(runtime.store.rows('tableField9')).toHaveLength(2);
  });

  it('S2-3-40 a sub-table with showTitle false shows no title', async () => {
    const form: FormJson = {
      fields: [
        {
          __config__: {
            jnpfKey: 'table',
            label: '明细',
            formId: 9,
            children: [
              { __config__: { jnpfKey: 'comInput', label: '名称', formId: 10 }, __vModel__: 'comInputField10' },
            ],
          },
          __vModel__: 'tableField9',
          showTitle: false,
        },
      ],
    };
    mount(form);
    const table = await screen.findByTestId('sub-table-tableField9', undefined, WAIT);
    expect(within(table).queryByText('明细')).toBeNull();
    expect(within(table).getByRole('button', { name: /添加/ })).toBeTruthy();
  });
});
