import { fireEvent, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadAreaTexts } from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { CodePreviewDialog, codePreviewTexts } from './index.ts';

const WAIT = { timeout: 10_000 };

/** Without motion, tabs and the dialog appear at once (happy-dom runs no CSS transitions). */
const render = (ui: ReactElement) =>
  rtlRender(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>);

const filesOf = (area: string) => [
  { fileName: `apps/server/src/modules/${area}/customer/routes.ts`, fileContent: "import a from 'a';\nexport {};" },
  { fileName: `apps/web/src/views/${area}/customer/index.tsx`, fileContent: 'line one\nline two\nline three' },
];

function serve() {
  return mockFetch((url, init) => {
    if (url.pathname.endsWith('/Generater/AreasName'))
      return jsonResponse(envelope({ list: ['extend', 'system', 'permission', 'message'] }));
    if (url.pathname.endsWith('/Actions/CodePreview')) {
      const body = JSON.parse(String(init.body)) as { module: string };
      return jsonResponse(envelope({ list: filesOf(body.module) }));
    }
    if (url.pathname.endsWith('/Actions/DownloadCode'))
      return jsonResponse(envelope({ name: 'customer.zip', url: '/api/visualdev/Generater/Download/a.zip?ticket=t' }));
    if (url.pathname.endsWith('/Generater/Download/a.zip'))
      return new Response(new Blob(['zip']), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': "attachment; filename*=UTF-8''customer.zip",
        },
      });
    return jsonResponse(envelope(null, 404, 'not found'));
  });
}

describe('CodePreviewDialog', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    await loadAreaTexts(codePreviewTexts);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });

  it('shows the files of the draft in tabs, with line numbers, and regenerates for another area', async () => {
    const { calls } = serve();
    render(<CodePreviewDialog modelId="m1" open onClose={() => {}} />);
    expect(await screen.findByText('Code preview', undefined, WAIT)).toBeTruthy();
    await screen.findByText('apps/server/src/modules/extend/customer/routes.ts', undefined, WAIT);
    expect(screen.getByRole('tab', { name: 'routes.ts' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'index.tsx' })).toBeTruthy();
    expect(screen.getByText('2 files')).toBeTruthy();
    const preview = calls.find((c) => c.url.pathname.endsWith('/CodePreview'))!;
    expect(preview.url.pathname).toBe('/prod/api/visualdev/Generater/m1/Actions/CodePreview');
    expect(JSON.parse(String(preview.init.body))).toEqual({ module: 'extend' });

    fireEvent.click(screen.getByRole('tab', { name: 'index.tsx' }));
    await waitFor(() => expect(screen.getByText('line three')).toBeTruthy(), WAIT);
    const source = screen.getAllByTestId('code-preview-source').find((pre) => within(pre).queryByText('line three'))!;
    // Each line carries its number beside it.
    expect(source.textContent).toBe('1line one2line two3line three');

    fireEvent.mouseDown(within(screen.getByTestId('code-preview-area')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('system', undefined, WAIT));
    await screen.findByText('apps/web/src/views/system/customer/index.tsx', undefined, WAIT);
    expect(JSON.parse(String(calls.filter((c) => c.url.pathname.endsWith('/CodePreview')).at(-1)!.init.body))).toEqual({
      module: 'system',
    });
  });

  it('copies a file and downloads the zip through the link the server answers', async () => {
    const feedback = mockFeedback();
    const { calls } = serve();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CodePreviewDialog modelId="m1" open onClose={() => {}} />);
    await screen.findByText('apps/server/src/modules/extend/customer/routes.ts', undefined, WAIT);

    fireEvent.click(screen.getAllByTestId('code-preview-copy')[0]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("import a from 'a';\nexport {};"), WAIT);
    expect(feedback.message.success).toHaveBeenCalledWith('Copied');

    fireEvent.click(screen.getByTestId('code-preview-download'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/Download/a.zip'))).toBe(true), WAIT);
    const asked = calls.find((c) => c.url.pathname.endsWith('/DownloadCode'))!;
    expect(JSON.parse(String(asked.init.body))).toEqual({ module: 'extend' });
    expect(calls.find((c) => c.url.pathname.endsWith('/Download/a.zip'))!.url.searchParams.get('ticket')).toBe('t');
  });

  it('loads nothing without a model and closes on cancel', async () => {
    const { calls } = serve();
    const onClose = vi.fn();
    render(<CodePreviewDialog modelId={null} open onClose={onClose} />);
    await screen.findByText('Code preview', undefined, WAIT);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/AreasName'))).toBe(true), WAIT);
    expect(calls.some((c) => c.url.pathname.endsWith('/CodePreview'))).toBe(false);
    expect((screen.getByTestId('code-preview-download') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('has the same texts in every language', async () => {
    const [zhCN, zhTW, enUS] = await Promise.all([
      codePreviewTexts['zh-CN'](),
      codePreviewTexts['zh-TW'](),
      codePreviewTexts['en-US'](),
    ]);
    const keys = (m: Record<string, unknown>) => Object.keys(m.codePreview as object).sort();
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });
});
