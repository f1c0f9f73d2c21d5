import type { FormField, FormJson } from '@atrium/shared/forms';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../locales/index.ts';
import { mockNavigator } from '../../../test/helpers.ts';
import { FormDetail } from '../detail.tsx';
import { createFormRuntime } from '../use-form-runtime.ts';
import { BarcodeElement, QrcodeElement } from './codes.tsx';
import { LinkElement, linkRoute } from './display.tsx';
import type { WidgetProps } from './types.ts';

const WAIT = { timeout: 10_000 };

const source: FormField = { __config__: { jnpfKey: 'comInput', label: '编号', formId: 1 }, __vModel__: 'code' };

function props(field: FormField, formInfo?: WidgetProps['formInfo']): WidgetProps {
  const { store } = createFormRuntime({ fields: [source, field] }, { lang: 'zh-CN' }, { values: { code: 'NO42' } });
  return {
    field,
    value: undefined,
    onChange: () => {},
    onBlur: () => {},
    disabled: false,
    readOnly: false,
    id: 'w',
    store,
    formInfo,
  };
}

const element = (jnpfKey: 'barcode' | 'qrcode' | 'link', extra: Record<string, unknown>): FormField => ({
  __config__: { jnpfKey, label: '', formId: 2 },
  ...extra,
});

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('codes', () => {
  it('S2-9-17 the barcode defaults: code 128, 4 wide (2px modules), 40 high, margin 5, black on white', () => {
    render(<BarcodeElement {...props(element('barcode', { staticText: 'AB12' }))} />);
    const svg = document.querySelector('svg[data-barcode="AB12"]') as SVGElement;
    const bars = svg.querySelectorAll('rect');
    expect(bars[0]!.getAttribute('height')).toBe('40');
    expect(bars[0]!.getAttribute('y')).toBe('5');
    expect(bars[0]!.getAttribute('x')).toBe('5');
    expect(bars[0]!.getAttribute('fill')).toBe('#000000');
    expect(svg.style.background).toBe('#ffffff');
    // start, 4 characters and the check at 11 modules each, stop at 13, 2px a module, 5px margins
    expect(svg.getAttribute('width')).toBe(String((6 * 11 + 13) * 2 + 10));
  });

  it('S2-5-41 S2-3-25 S2-9-18 QR content: static text, a related field, or the form’s dynamic payload; size 40 level L by default', async () => {
    const { unmount } = render(<QrcodeElement {...props(element('qrcode', { staticText: 'https://a.example' }))} />);
    expect(document.querySelector('[data-qrcode]')!.getAttribute('data-qrcode')).toBe('https://a.example');
    const qr = document.querySelector('.ant-qrcode') as HTMLElement;
    expect(qr).not.toBeNull();
    await waitFor(() => expect(qr.querySelector('canvas')?.getAttribute('width') ?? qr.style.width).toMatch(/^40/));
    unmount();

    const related = render(
      <QrcodeElement {...props(element('qrcode', { dataType: 'relation', relationField: 'code' }))} />,
    );
    expect(document.querySelector('[data-qrcode]')!.getAttribute('data-qrcode')).toBe('NO42');
    related.unmount();

    render(
      <QrcodeElement
        {...props(element('qrcode', { dataType: 'form' }), { recordId: 'rec-1', modelId: 'm-1', flowId: 'f-1' })}
      />,
    );
    const payload = JSON.parse(document.querySelector('[data-qrcode]')!.getAttribute('data-qrcode')!);
    expect(payload).toEqual({ t: 'DFD', id: 'rec-1', mid: 'm-1', mt: 2, fid: 'f-1', pid: '', ftid: '', opt: 1 });
  });
});

describe('link', () => {
  it('S2-2-01 S2-2-02 a same-window link goes to the external-link page with the address encoded; a new-window link opens a window', () => {
    const nav = mockNavigator();
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const href = 'https://example.com/help?a=1&b=中';
    const { unmount } = render(<LinkElement {...props(element('link', { href, content: '帮助', target: '_self' }))} />);
    fireEvent.click(screen.getByText('帮助'));
    expect(nav.navigate).toHaveBeenCalledWith(`/externalLink?url=${encodeURIComponent(href)}`);
    expect(linkRoute(href)).toBe('/externalLink?url=https%3A%2F%2Fexample.com%2Fhelp%3Fa%3D1%26b%3D%E4%B8%AD');
    expect(opened).not.toHaveBeenCalled();
    unmount();

    render(<LinkElement {...props(element('link', { href, content: '新窗口', target: '_blank' }))} />);
    fireEvent.click(screen.getByText('新窗口'));
    expect(opened).toHaveBeenCalledWith(href, '_blank', 'noopener,noreferrer');
    expect(nav.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('form detail view', { timeout: 30_000 }, () => {
  const form = (extra: Partial<FormJson> = {}): FormJson => ({
    fields: [{ __config__: { jnpfKey: 'comInput', label: '名称', formId: 1, span: 24 }, __vModel__: 'name' }],
    ...extra,
  });

  it('S2-2-26 S2-2-29 general: a dialog titled 详情 with cancel; print (default 打 印) only with printing on and a template', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<FormDetail open form={form()} values={{ name: '办公桌' }} onClose={onClose} />);
    const dialog = await screen.findByTestId('form-detail', undefined, WAIT);
    expect(within(dialog).getByText('详情')).toBeTruthy();
    expect(await within(dialog).findByText('办公桌', undefined, WAIT)).toBeTruthy();
    expect(within(dialog).queryByTestId('detail-print')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(<FormDetail open form={form({ hasPrintBtn: true })} values={{ name: '办公桌' }} onClose={onClose} />);
    expect(screen.queryByTestId('detail-print')).toBeNull();
    rerender(
      <FormDetail
        open
        form={form({ hasPrintBtn: true, printId: 'tpl-1' })}
        values={{ name: '办公桌' }}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('detail-print').textContent).toBe('打 印');
    rerender(
      <FormDetail
        open
        form={form({ hasPrintBtn: true, printId: 'tpl-1', printButtonText: '打印单据' })}
        values={{ name: '办公桌' }}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('detail-print').textContent).toBe('打印单据');
  });

  it('S2-2-27 S2-2-28 fullScreen: a page with a back header at the configured width; drawer: a side drawer titled 详情', async () => {
    const onClose = vi.fn();
    const { unmount } = render(
      <FormDetail
        open
        form={form({ popupType: 'fullScreen', fullScreenWidth: '70%' })}
        values={{ name: '文件柜' }}
        title="资产"
        onClose={onClose}
      />,
    );
    const page = await screen.findByTestId('form-detail', undefined, WAIT);
    expect(page.getAttribute('role')).toBe('dialog');
    expect(within(page).getByText('资产')).toBeTruthy();
    expect(await within(page).findByText('文件柜', undefined, WAIT)).toBeTruthy();
    expect((within(page).getByTestId('form-renderer').parentElement as HTMLElement).style.width).toBe('70%');
    fireEvent.click(within(page).getByRole('button', { name: /返\s*回/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    render(
      <FormDetail
        open
        form={form({ popupType: 'drawer', drawerWidth: '500px' })}
        values={{ name: '椅子' }}
        onClose={onClose}
      />,
    );
    const drawer = await screen.findByTestId('form-detail', undefined, WAIT);
    expect(drawer.classList.contains('ant-drawer') || !!drawer.closest('.ant-drawer')).toBe(true);
    expect(within(drawer).getByText('详情')).toBeTruthy();
    expect(await within(drawer).findByText('椅子', undefined, WAIT)).toBeTruthy();
  });

  it('S2-4-21 without a record id the view stays closed and emits close; with one it loads, then shows', async () => {
    const onClose = vi.fn();
    const loadRecord = vi.fn(async () => ({ name: '载入的记录' }));
    const { rerender } = render(<FormDetail open form={form()} loadRecord={loadRecord} onClose={onClose} />);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(loadRecord).not.toHaveBeenCalled();
    expect(screen.queryByTestId('form-detail')).toBeNull();

    let release!: () => void;
    loadRecord.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve({ name: '载入的记录' }))),
    );
    rerender(<FormDetail open form={form()} recordId="r-1" loadRecord={loadRecord} onClose={onClose} />);
    const dialog = await screen.findByTestId('form-detail', undefined, WAIT);
    expect(dialog.querySelector('.ant-spin')).not.toBeNull();
    expect(loadRecord).toHaveBeenCalledWith('r-1');
    await act(async () => release());
    expect(await within(dialog).findByText('载入的记录', undefined, WAIT)).toBeTruthy();
  });
});
