import { GALLERY, galleryForm, type FormField, type FormJson } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import { FormRenderer } from './renderer.tsx';
import { cellPath } from './store.ts';
import { submitForm } from './submit.ts';
import { createFormRuntime, type FormRuntime } from './use-form-runtime.ts';
import { code128Bars, code128Values } from './widgets/code128.ts';
import { quickRange } from './date-quick-filter.tsx';
import { numRangeValue } from './widgets/inputs.tsx';

const NOW = new Date('2026-11-25T10:30:00').getTime();
const CTX = {
  lang: 'zh-CN' as const,
  now: NOW,
  user: { id: 'u-1', account: 'admin', realName: '管理员' },
  organize: { id: 'o-1', fullName: '总公司' },
  department: { id: 'd-1', fullName: '研发部' },
  position: { id: 'p-1', fullName: '工程师' },
};

const input = (n: number, label: string, config: Partial<FormField['__config__']> = {}, props = {}): FormField => ({
  __config__: { jnpfKey: 'comInput', label, formId: n, span: 24, trigger: 'blur', ...config },
  __vModel__: `comInputField${n}`,
  ...props,
});

function mount(form: FormJson, options: { granted?: ReadonlySet<string>; readOnly?: boolean } = {}): FormRuntime {
  const runtime = createFormRuntime(form, CTX, { granted: options.granted });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormRenderer
        form={form}
        model={runtime.model}
        store={runtime.store}
        granted={options.granted}
        formContext={CTX}
        readOnly={options.readOnly}
      />
    </QueryClientProvider>,
  );
  return runtime;
}

const field = (path: string) => document.querySelector(`[data-field="${path}"]`);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('form renderer rules', () => {
  it('S2-5-43 S2-5-44 a field with noShow, or a visibility list without pc, is not rendered', async () => {
    mount({
      fields: [
        input(1, '可见'),
        input(2, '隐藏', { noShow: true }),
        input(3, '仅移动端', { visibility: ['app'] }),
        input(4, '电脑端', { visibility: ['pc', 'app'] }),
      ],
    });
    await screen.findByLabelText('可见');
    expect(field('comInputField1')).not.toBeNull();
    expect(field('comInputField2')).toBeNull();
    expect(field('comInputField3')).toBeNull();
    expect(field('comInputField4')).not.toBeNull();
  });

  it('S2-5-45 with form permission on, a field that is not granted is not rendered and not sent', async () => {
    const form: FormJson = { fields: [input(1, '姓名', { required: true }), input(2, '工资', { required: true })] };
    const runtime = mount(form, { granted: new Set(['comInputField1']) });
    await screen.findByLabelText('姓名');
    expect(screen.queryByLabelText('工资')).toBeNull();
    runtime.store.setValue('comInputField1', '张三');
    runtime.store.setValue('comInputField2', '9999');
    // the ungranted required field neither blocks the submit nor travels with it
    const { values } = submitForm(runtime);
    expect(values).toEqual({ comInputField1: '张三' });
  });

  it('S2-2-40 required and regex rules show their messages on blur and on submit, and clear when fixed', async () => {
    const form: FormJson = {
      fields: [
        input(1, '名称', { required: true }),
        input(2, '手机', { regList: [{ pattern: '@mobile', message: '' }] }),
        input(3, '编号', { regList: [{ pattern: '^[0-9]+$', message: '编号只能是数字' }] }),
      ],
    };
    const runtime = mount(form);
    const name = await screen.findByLabelText('名称');
    fireEvent.blur(name);
    expect(await screen.findByText('请输入名称')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('手机'), { target: { value: '12345' } });
    fireEvent.change(await screen.findByLabelText('编号'), { target: { value: 'A1' } });
    const { values, errors } = submitForm(runtime);
    expect(values).toBeUndefined();
    expect(errors.map((e) => e.path)).toEqual(['comInputField1', 'comInputField2', 'comInputField3']);
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(await screen.findByText('编号只能是数字')).toBeTruthy();

    fireEvent.change(name, { target: { value: '办公用品' } });
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: '42' } });
    await waitFor(() => expect(screen.queryByText('请输入名称')).toBeNull());
    expect(submitForm(runtime).values).toEqual({
      comInputField1: '办公用品',
      comInputField2: '13800138000',
      comInputField3: '42',
    });
  });

  it('S2-4-20 defaults: configured values, the current time and the current user, organisation and position', () => {
    const form: FormJson = {
      fields: [
        input(1, '默认', { defaultValue: '初始值' }),
        { __config__: { jnpfKey: 'date', label: '日期', defaultCurrent: true }, __vModel__: 'dateField2' },
        { __config__: { jnpfKey: 'userSelect', label: '用户', defaultCurrent: true }, __vModel__: 'userSelectField3' },
        { __config__: { jnpfKey: 'comSelect', label: '组织', defaultCurrent: true }, __vModel__: 'comSelectField4' },
        { __config__: { jnpfKey: 'posSelect', label: '岗位', defaultCurrent: true }, __vModel__: 'posSelectField5' },
      ],
    };
    const { store } = createFormRuntime(form, CTX);
    expect(store.value('comInputField1')).toBe('初始值');
    expect(store.value('dateField2')).toBe(NOW);
    expect(store.value('userSelectField3')).toBe('u-1');
    expect(JSON.stringify(store.value('comSelectField4'))).toContain('o-1');
    expect(store.value('posSelectField5')).toBe('p-1');
  });

  it('S2-5-29 S2-5-30 calculation in a sub-table: row amount, column total and the summary row follow each cell', async () => {
    // the gallery's priced lines and their total, without the rest of the gallery
    const gallery = galleryForm('zh-CN');
    const runtime = mount({
      ...gallery,
      fields: gallery.fields.filter((f) => f.__vModel__ === GALLERY.table || f.__vModel__ === GALLERY.total),
    });
    const { store } = runtime;
    const table = GALLERY.table;
    await screen.findByTestId(`sub-table-${table}`);
    let a = '';
    let b = '';
    act(() => {
      a = store.addRow(table);
      b = store.addRow(table);
    });
    act(() => {
      store.setValue(cellPath(table, a, GALLERY.price), 12.5);
      store.setValue(cellPath(table, a, GALLERY.quantity), 4);
      store.setValue(cellPath(table, b, GALLERY.price), 3);
      store.setValue(cellPath(table, b, GALLERY.quantity), 2);
    });
    expect(store.cell(table, a, GALLERY.amount)).toBe(50);
    expect(store.cell(table, b, GALLERY.amount)).toBe(6);
    expect(store.value(GALLERY.total)).toBe(56);
    const summary = await screen.findByTestId(`summary-${table}`);
    expect(summary.textContent).toContain('合计');
    expect(summary.querySelector(`[data-summary="${GALLERY.quantity}"]`)!.textContent).toBe('6');
    expect(summary.querySelector(`[data-summary="${GALLERY.amount}"]`)!.textContent).toBe('56');

    // removing a row takes its amount out of the total; the other row keeps its id and values
    act(() => store.removeRow(table, a));
    expect(store.value(GALLERY.total)).toBe(6);
    expect(store.rows(table).map((r) => r.id)).toEqual([b]);
  });

  it('S2-5-19 S2-5-20 S2-5-21 a sub-table submit returns nothing while a cell is invalid and shows the cell message', async () => {
    const form: FormJson = {
      fields: [
        {
          __config__: {
            jnpfKey: 'table',
            label: '明细',
            children: [
              input(11, '品名', { required: true }),
              input(12, '编码', { regList: [{ pattern: '^[A-Z]+$', message: '编码只能是大写字母' }] }),
            ],
          },
          __vModel__: 'tableField10',
        },
      ],
    };
    const runtime = mount(form);
    const { store } = runtime;
    let row = '';
    act(() => {
      row = store.addRow('tableField10');
    });
    act(() => store.setValue(cellPath('tableField10', row, 'comInputField12'), 'abc'));
    let result!: ReturnType<typeof submitForm>;
    act(() => {
      result = submitForm(runtime);
    });
    expect(result.values).toBeUndefined();
    expect(await screen.findByText('品名不能为空')).toBeTruthy();
    expect(await screen.findByText('编码只能是大写字母')).toBeTruthy();

    act(() => {
      store.setValue(cellPath('tableField10', row, 'comInputField11'), '铅笔');
      store.setValue(cellPath('tableField10', row, 'comInputField12'), 'PEN');
    });
    act(() => {
      result = submitForm(runtime);
    });
    expect(result.values).toEqual({ tableField10: [{ comInputField11: '铅笔', comInputField12: 'PEN' }] });
  });

  it('S2-3-39 detail mode shows values as text and system fields as filled by the system', async () => {
    const form: FormJson = {
      fields: [
        input(1, '名称'),
        { __config__: { jnpfKey: 'createUser', label: '创建人' }, __vModel__: 'createUserField2' },
      ],
    };
    const runtime = createFormRuntime(form, CTX, { values: { comInputField1: '只读的值' } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FormRenderer form={form} model={runtime.model} store={runtime.store} formContext={CTX} readOnly />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('只读的值')).toBeTruthy();
    expect(await screen.findByText('系统自动生成')).toBeTruthy();
    expect(document.querySelector('input')).toBeNull();
  });
});

describe('widget rules', () => {
  it('S2-5-40 barcode: code 128 set B symbols with the modulo-103 check, letters and digits only', () => {
    // start B (104), 'A' = 33, '1' = 17; check = (104 + 33*1 + 17*2) % 103 = 68; stop 106
    expect(code128Values('A1')).toEqual([104, 33, 17, 68, 106]);
    const { modules } = code128Bars('A1');
    // start, 2 characters and check at 11 modules each, stop at 13
    expect(modules).toBe(4 * 11 + 13);
    expect(() => code128Values('A-1')).toThrow();
  });

  it('S2-5-42 numeric range emits an empty list when both ends are empty, else [min, max]', () => {
    expect(numRangeValue(null, undefined)).toEqual([]);
    expect(numRangeValue(1, null)).toEqual([1, null]);
    expect(numRangeValue(1, 5)).toEqual([1, 5]);
  });

  it('S2-4-14 S2-9-19 date quick filter ranges: week from Monday, month, quarter, year', () => {
    const now = dayjs('2026-11-25T10:30:00'); // a Wednesday
    const fmt = ([s, e]: [number, number]) => [
      dayjs(s).format('YYYY-MM-DD HH:mm'),
      dayjs(e).format('YYYY-MM-DD HH:mm'),
    ];
    expect(fmt(quickRange(1, now))).toEqual(['2026-11-23 00:00', '2026-11-29 23:59']);
    expect(fmt(quickRange(2, now))).toEqual(['2026-11-01 00:00', '2026-11-30 23:59']);
    expect(fmt(quickRange(3, now))).toEqual(['2026-10-01 00:00', '2026-12-31 23:59']);
    expect(fmt(quickRange(4, now))).toEqual(['2026-01-01 00:00', '2026-12-31 23:59']);
    // on a Sunday the week still began on the Monday before
    expect(fmt(quickRange(1, dayjs('2026-11-29T08:00:00')))[0]).toBe('2026-11-23 00:00');
  });
});
