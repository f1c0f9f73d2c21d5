import type { FormJson } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadAreaTexts } from '../../locales/index.ts';
import { mockFeedback } from '../../test/helpers.ts';
import { FormDesigner, formDesignerTexts } from './index.ts';
import { readDesignFile } from './transfer.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await loadAreaTexts(formDesignerTexts);
});

beforeEach(() => {
  mockFeedback();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function mount(value: FormJson = { fields: [] }) {
  const onChange = vi.fn<(form: FormJson) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormDesigner value={value} onChange={onChange} height={700} />
    </QueryClientProvider>,
  );
  const last = () => onChange.mock.calls[onChange.mock.calls.length - 1]![0];
  return { onChange, last };
}

// A whole designer (palette, canvas, an open property panel) is a large tree for happy-dom.
describe('FormDesigner', { timeout: 30_000 }, () => {
  it('clicking a palette item adds the field, and the property panel edits its label', async () => {
    const { onChange, last } = mount();
    expect(screen.getByText('从左侧拖入或点击控件，开始设计表单')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fd-palette-comInput'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(last().fields).toHaveLength(1);
    expect(last().fields[0]!.__vModel__).toBe('comInputField100');
    expect(last().fields[0]!.__config__.label).toBe('单行输入');
    expect(last().schemaVersion).toBe(1);

    // The new field is selected: its properties are open.
    const panel = await screen.findByTestId('fd-field-properties');
    const label = within(panel).getByLabelText('标题') as HTMLInputElement;
    expect(label.value).toBe('单行输入');
    fireEvent.change(label, { target: { value: '姓名' } });
    expect(last().fields[0]!.__config__.label).toBe('姓名');
    expect(within(screen.getByTestId('fd-node-comInputField100')).getByText('姓名')).toBeTruthy();

    // A second click adds after the selected field.
    fireEvent.click(screen.getByTestId('fd-palette-numInput'));
    expect(last().fields.map((f) => f.__config__.jnpfKey)).toEqual(['comInput', 'numInput']);
  });

  it('undo and redo from the toolbar and the keyboard report the design each time', async () => {
    const { onChange, last } = mount();
    fireEvent.click(screen.getByTestId('fd-palette-comInput'));
    fireEvent.click(screen.getByTestId('fd-palette-select'));
    expect(last().fields).toHaveLength(2);
    fireEvent.click(screen.getByTestId('fd-undo'));
    expect(last().fields).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(last().fields).toHaveLength(0);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(last().fields).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(last().fields).toHaveLength(2);
    expect(onChange).toHaveBeenCalledTimes(6);
  });

  it('copies and deletes the selected field from its toolbar', async () => {
    const { last } = mount();
    fireEvent.click(screen.getByTestId('fd-palette-comInput'));
    fireEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(last().fields.map((f) => f.__vModel__)).toEqual(['comInputField100', 'comInputField101']);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(last().fields.map((f) => f.__vModel__)).toEqual(['comInputField100']);
  });

  it('shows the design problems live, and a click on one selects its field', async () => {
    mount({
      fields: [
        { __config__: { jnpfKey: 'comInput', label: '甲', formId: 1 }, __vModel__: 'name' },
        { __config__: { jnpfKey: 'comInput', label: '乙', formId: 2 }, __vModel__: 'name' },
      ],
    });
    const badge = await screen.findByTestId('fd-problems');
    expect(badge.textContent).toContain('1 个问题');
    fireEvent.click(badge);
    fireEvent.click(await screen.findByText('字段名 name 重复'));
    const panel = await screen.findByTestId('fd-field-properties');
    expect((within(panel).getByLabelText('标题') as HTMLInputElement).value).toBe('乙');
  });

  it('form settings: nothing selected shows the form tab, and edits report the design', async () => {
    const { last } = mount({ fields: [] });
    const settings = await screen.findByTestId('fd-form-settings');
    fireEvent.change(within(settings).getByLabelText('标题宽度'), { target: { value: '140' } });
    expect(last().labelWidth).toBe(140);
  });

  it('an import replaces the design as one undoable step; a broken file changes nothing', async () => {
    const { onChange, last } = mount();
    fireEvent.click(screen.getByTestId('fd-palette-comInput'));
    const input = screen.getByTestId('fd-import-file') as HTMLInputElement;
    const file = (text: string) => new File([text], 'design.json', { type: 'application/json' });

    const calls = onChange.mock.calls.length;
    fireEvent.change(input, { target: { files: [file('{"size": "small"}')] } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(onChange.mock.calls.length).toBe(calls);

    fireEvent.change(input, {
      target: {
        files: [file(JSON.stringify({ fields: [{ __config__: { jnpfKey: 'switch', formId: 7 }, __vModel__: 'on' }] }))],
      },
    });
    await waitFor(() => expect(last().fields[0]!.__vModel__).toBe('on'));
    expect(last().schemaVersion).toBe(1);
    fireEvent.click(screen.getByTestId('fd-undo'));
    expect(last().fields[0]!.__vModel__).toBe('comInputField100');
  });
});

describe('readDesignFile', () => {
  const blob = (text: string) => new Blob([text], { type: 'application/json' });
  it('reads and upgrades a design, and says why a file is refused', async () => {
    const ok = await readDesignFile(blob(JSON.stringify({ fields: [] })));
    expect(ok).toEqual({ ok: true, form: { fields: [], idGlobal: 100, schemaVersion: 1 } });
    expect(await readDesignFile(blob('not json'))).toEqual({ ok: false, reason: 'notJson' });
    expect(await readDesignFile(blob('[]'))).toEqual({ ok: false, reason: 'notObject' });
    expect(await readDesignFile(blob('{"fields": 3}'))).toEqual({ ok: false, reason: 'noFields' });
    expect(await readDesignFile(blob('{"fields": [{"x": 1}]}'))).toEqual({ ok: false, reason: 'badField' });
    expect(await readDesignFile(blob('{"fields": [], "schemaVersion": 7}'))).toEqual({
      ok: false,
      reason: 'newerVersion',
    });
  });
});
