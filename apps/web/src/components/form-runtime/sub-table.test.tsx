import type { FormField, FormJson, JnpfKey } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { interfaceSource, rememberRows } from '../pickers/popup-source.ts';
import type { FieldEventHandler } from './context.tsx';
import { FormRenderer } from './renderer.tsx';
import { cellPath } from './store.ts';
import { subTableCell } from './sub-table-cell.ts';
import { createFormRuntime } from './use-form-runtime.ts';

const CTX = { lang: 'zh-CN' as const, now: Date.now() };

const column = (key: JnpfKey, n: number, label: string, config = {}, props = {}): FormField => ({
  __config__: { jnpfKey: key, label, formId: n, span: 24, ...config },
  __vModel__: `${key}Field${n}`,
  ...props,
});

const table = (children: FormField[]): FormField => ({
  __config__: { jnpfKey: 'table', label: '明细', formId: 10, children },
  __vModel__: 'tableField10',
});

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('sub-table cells', () => {
  it('S2-3-41 a cell: component key, form id, value, options, valid, regValid, regErrorText, change and blur handlers, required flag, pattern rules and row data', () => {
    const code = column(
      'comInput',
      11,
      '编码',
      { required: true, regList: [{ pattern: '^[A-Z]+$', message: '编码只能是大写字母' }], trigger: 'blur' },
      {},
    );
    const unit = column(
      'select',
      12,
      '单位',
      { dataType: 'static' },
      { __slot__: { options: [{ id: 'kg', fullName: '千克' }] } },
    );
    const { store, model } = createFormRuntime({ fields: [table([code, unit])] }, CTX);
    const rowId = store.addRow('tableField10', { comInputField11: 'abc', selectField12: 'kg' });
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const cellOf = (field: FormField) =>
      subTableCell({
        store,
        table: 'tableField10',
        rowId,
        field,
        lang: model.lang,
        error: store.snapshot(cellPath('tableField10', rowId, field.__vModel__!)).error,
        onChange,
        onBlur,
      });

    // Before any check: valid, with the column's configuration and the row it sits in.
    const fresh = cellOf(code);
    expect(fresh).toEqual({
      jnpfKey: 'comInput',
      formId: 11,
      value: 'abc',
      options: [],
      valid: true,
      regValid: true,
      regErrorText: '',
      onChange,
      onBlur,
      required: true,
      regList: [{ pattern: '^[A-Z]+$', message: '编码只能是大写字母' }],
      rowData: { comInputField11: 'abc', selectField12: 'kg' },
    });
    expect(cellOf(unit)).toMatchObject({
      jnpfKey: 'select',
      formId: 12,
      value: 'kg',
      options: [{ id: 'kg', fullName: '千克' }],
      required: false,
      regList: [],
    });

    // A failing pattern rule: neither valid nor regValid, with the rule's message.
    store.validatePath(cellPath('tableField10', rowId, 'comInputField11'), 'submit');
    expect(cellOf(code)).toMatchObject({ valid: false, regValid: false, regErrorText: '编码只能是大写字母' });
    // A missing required value: invalid, but no pattern rule failed.
    store.setValue(cellPath('tableField10', rowId, 'comInputField11'), '');
    store.validatePath(cellPath('tableField10', rowId, 'comInputField11'), 'submit');
    expect(cellOf(code)).toMatchObject({ value: '', valid: false, regValid: true, regErrorText: '' });
    expect(store.snapshot(cellPath('tableField10', rowId, 'comInputField11')).error).toBe('编码不能为空');
    // Fixed: valid again; the row data follows the row.
    store.setValue(cellPath('tableField10', rowId, 'comInputField11'), 'ABC');
    expect(cellOf(code)).toMatchObject({
      valid: true,
      regValid: true,
      rowData: { comInputField11: 'ABC', selectField12: 'kg' },
    });
    cellOf(code).onBlur();
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('S2-4-19 while a row is being added its cells run no change handlers; once it is there they do', async () => {
    // A popup pick on the form; the rows' attribute column saves the picked row's code as it mounts.
    const popup: FormField = {
      ...column('popupSelect', 1, '供应商'),
      interfaceId: 'if-1',
      propsValue: 'id',
      relationField: 'fullName',
      columnOptions: [{ value: 'fullName', label: '名称' }],
    };
    rememberRows(interfaceSource(popup)!, [{ id: 'r12', fullName: '供应商12', enCode: 'S012' }]);
    const attr = column(
      'popupAttr',
      11,
      '编码',
      { isStorage: 2 },
      { showField: 'enCode', relationField: 'popupSelectField1' },
    );
    const note = column('comInput', 12, '备注');
    const form: FormJson = { fields: [popup, table([attr, note])] };
    const runtime = createFormRuntime(form, CTX, { values: { popupSelectField1: 'r12' } });
    const events: [string, unknown, string][] = [];
    const onEvent: FieldEventHandler = (_field, event, value, path) => events.push([event, value, path]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FormRenderer form={form} model={runtime.model} store={runtime.store} formContext={CTX} onEvent={onEvent} />
      </QueryClientProvider>,
    );
    const { store } = runtime;
    // the first render waits for the widget chunks (the popup's pulls in the relation widgets)
    await screen.findByTestId('sub-table-tableField10', undefined, { timeout: 10_000 });

    // Added, not yet rendered: the row is still being added.
    let rowId = '';
    act(() => {
      rowId = store.addRow('tableField10', runtime.model.rowDefaults('tableField10', CTX));
      expect(store.isAddingRow(rowId)).toBe(true);
    });
    // Its attribute cell filled itself in as it mounted, without a change event.
    await waitFor(() => expect(store.cell('tableField10', rowId, 'popupAttrField11')).toBe('S012'));
    expect(store.isAddingRow(rowId)).toBe(false);
    expect(events.filter(([, , path]) => path.startsWith('tableField10.'))).toEqual([]);

    // Typing into the added row runs the change handler as usual.
    const cell = document.querySelector(`[data-cell="${cellPath('tableField10', rowId, 'comInputField12')}"] input`)!;
    fireEvent.change(cell, { target: { value: '加急' } });
    expect(events).toContainEqual(['change', '加急', cellPath('tableField10', rowId, 'comInputField12')]);
    // A removed row leaves nothing behind.
    act(() => store.removeRow('tableField10', rowId));
    expect(store.isAddingRow(rowId)).toBe(false);
  });
});
