import { act, fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react';
import type { ImportPreview, ImportResult } from '@atrium/shared';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { ImportDialog, type ImportApi } from './import-dialog.tsx';

/** Without motion, leaving list items go at once (happy-dom runs no CSS transitions). */
const render = (ui: ReactElement) =>
  rtlRender(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>);

const preview: ImportPreview = {
  headerRow: [
    { id: 'account', fullName: 'Account' },
    { id: 'realName', fullName: 'Name' },
  ],
  dataRow: [
    { account: 'a1', realName: 'Ann' },
    { account: 'b2', realName: 'Bob' },
  ],
};

function api(
  result: ImportResult,
): ImportApi & { [K in 'preview' | 'importData' | 'exportFailed' | 'template']: ReturnType<typeof vi.fn> } {
  return {
    uploadUrl: '/api/x/Uploader',
    template: vi.fn(async () => '/api/x/Download/t.xlsx'),
    preview: vi.fn(async () => preview),
    importData: vi.fn(async () => result),
    exportFailed: vi.fn(async () => '/api/x/Download/f.xlsx'),
  };
}

const file = (name: string, size = 10) => {
  const f = new File(['x'.repeat(size)], name, { type: 'application/octet-stream' });
  return f;
};

async function choose(f: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [f] } });
  });
}

describe('ImportDialog', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });

  it('S2-5-16 S2-8-09 S2-5-12 S2-5-13 asks for a file first and refuses other types and files over 500 KB', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch(() => jsonResponse(envelope({ name: 'f.xlsx' })));
    const calls0 = api({ resultType: 0, snum: 2, fnum: 0, failResult: [] });
    render(<ImportDialog open api={calls0} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('import-next'));
    expect(feedback.message.warning).toHaveBeenCalledWith('Please upload a file first');
    await choose(file('users.csv'));
    expect(feedback.message.error).toHaveBeenCalledWith('Please choose an Excel file');
    await choose(file('users.xlsx', 500 * 1024 + 1));
    expect(feedback.message.error).toHaveBeenCalledWith('The file may not exceed 500KB');
    expect(calls).toHaveLength(0);
    expect(calls0.preview).not.toHaveBeenCalled();
  });

  it('S2-4-01 S2-4-03 S2-5-17 S2-8-09 S2-4-02 S2-4-04 uploads, previews, goes back, refuses an empty import, shows failures and closes as imported', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch(() => jsonResponse(envelope({ name: 'stored.xlsx' })));
    const result: ImportResult = {
      resultType: 1,
      snum: 1,
      fnum: 1,
      failResult: [{ account: 'b2', realName: 'Bob', errorsInfo: 'Account already exists' }],
    };
    const calls1 = api(result);
    const onClose = vi.fn();
    render(<ImportDialog open api={calls1} onClose={onClose} />);
    await choose(file('users.xlsx'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.pathname).toBe('/prod/api/x/Uploader');
    expect(calls[0]!.init.body).toBeInstanceOf(FormData);

    fireEvent.click(screen.getByTestId('import-next'));
    await screen.findByTestId('import-preview-table');
    expect(calls1.preview).toHaveBeenCalledWith('stored.xlsx');
    expect(screen.getByText('Bob')).toBeTruthy();
    expect(screen.getByText('2 rows', { exact: false })).toBeTruthy();

    // Previous goes back to the upload step, next shows the preview again.
    fireEvent.click(screen.getByTestId('import-prev'));
    await screen.findByTestId('import-step-upload');
    fireEvent.click(screen.getByTestId('import-next'));
    await screen.findByTestId('import-preview-table');

    // Removing every row leaves nothing to import.
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]!);
    await waitFor(() => expect(screen.queryByText('Bob')).toBeNull());
    expect(screen.getByText('Ann')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    await waitFor(() => expect(screen.queryByText('Ann')).toBeNull());
    fireEvent.click(screen.getByTestId('import-next'));
    expect(feedback.message.warning).toHaveBeenCalledWith('There is no data to import');
    expect(calls1.importData).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('import-prev'));
    await screen.findByTestId('import-step-upload');
    fireEvent.click(screen.getByTestId('import-next'));
    await screen.findByTestId('import-preview-table');
    fireEvent.click(screen.getByTestId('import-next'));
    const failure = await screen.findByTestId('import-failure');
    expect(calls1.importData).toHaveBeenCalledWith(preview.dataRow);
    expect(failure.textContent).toContain('1 imported, 1 failed');
    expect(screen.getByTestId('import-failed-table').textContent).toContain('Account already exists');

    fireEvent.click(screen.getByTestId('import-export-failed'));
    await waitFor(() => expect(calls1.exportFailed).toHaveBeenCalledWith(result.failResult));

    fireEvent.click(screen.getByTestId('import-close'));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('S2-5-15 S2-5-18 keeps only the latest file; removing it asks first', async () => {
    const feedback = mockFeedback();
    let n = 0;
    mockFetch(() => jsonResponse(envelope({ name: `f${++n}.xlsx` })));
    const calls3 = api({ resultType: 0, snum: 2, fnum: 0, failResult: [] });
    render(<ImportDialog open api={calls3} onClose={() => {}} />);
    await choose(file('first.xlsx'));
    await screen.findByText('first.xlsx');
    await choose(file('second.xlsx'));
    await screen.findByText('second.xlsx');
    await waitFor(() => expect(screen.queryByText('first.xlsx')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /remove/i }));
    await waitFor(() => expect(feedback.modal.confirm).toHaveBeenCalled());
    const { onOk } = feedback.modal.confirm.mock.calls[0]![0] as { onOk: () => void };
    await act(async () => onOk());
    await waitFor(() => expect(screen.queryByText('second.xlsx')).toBeNull());
    fireEvent.click(screen.getByTestId('import-next'));
    expect(feedback.message.warning).toHaveBeenCalledWith('Please upload a file first');
    expect(calls3.preview).not.toHaveBeenCalled();
  });

  it('shows the success view when resultType is falsy; closing before step 3 reports nothing imported', async () => {
    mockFeedback();
    mockFetch(() => jsonResponse(envelope({ name: 'ok.xlsx' })));
    const calls2 = api({ resultType: 0, snum: 2, fnum: 0, failResult: [] });
    const onClose = vi.fn();
    const { unmount } = render(<ImportDialog open api={calls2} onClose={onClose} />);
    await choose(file('users.xls'));
    fireEvent.click(await screen.findByTestId('import-next'));
    await screen.findByTestId('import-preview-table');
    fireEvent.click(screen.getByTestId('import-next'));
    expect((await screen.findByTestId('import-success')).textContent).toContain('2 rows imported');
    unmount();

    render(<ImportDialog open api={calls2} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith(false);
  });
});
