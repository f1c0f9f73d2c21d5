import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Table } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageContextProvider } from '../../keep-alive/page-context.ts';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { useColumnSettings } from './use-column-settings.tsx';

const columns = [
  { key: 'account', dataIndex: 'account', title: 'Account' },
  { key: 'realName', dataIndex: 'realName', title: 'Name' },
  { key: 'mobilePhone', dataIndex: 'mobilePhone', title: 'Mobile' },
  { key: 'actions', title: 'Actions', fixed: 'right' as const },
];

function List() {
  const settings = useColumnSettings(columns);
  return (
    <div>
      {settings.button}
      <Table
        rowKey="account"
        columns={settings.columns}
        dataSource={[{ account: 'a', realName: 'b', mobilePhone: 'c' }]}
      />
      {settings.drawer}
    </div>
  );
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PageContextProvider value={{ path: '/p', pathname: '/p', params: {}, search: '', meta: { id: 'menu1' } }}>
        <List />
      </PageContextProvider>
    </QueryClientProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('column settings drawer', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('S2-2-35 S2-2-36 applies saved columns, saves a new arrangement, restores default', async () => {
    mockFeedback();
    let stored = JSON.stringify([
      { prop: 'realName', label: 'Name', visible: true },
      { prop: 'account', label: 'Account', visible: true },
      { prop: 'mobilePhone', label: 'Mobile', visible: false },
    ]);
    const { calls } = mockFetch((_url, init) => {
      if (init.method === 'PUT') {
        stored = (JSON.parse(String(init.body)) as { fieldList: string }).fieldList;
        return jsonResponse(envelope(JSON.parse(stored)));
      }
      return jsonResponse(envelope(JSON.parse(stored)));
    });
    renderList();
    await waitFor(() => expect(headers()).toEqual(['Name', 'Account', 'Actions']));
    expect(calls[0]!.url.pathname).toBe('/prod/api/permission/Authority/GetColumnsByModuleId/menu1');

    fireEvent.click(screen.getByTestId('column-settings-open'));
    const drawer = await screen.findByTestId('column-settings');
    expect(within(document.body).getByText('List columns')).toBeTruthy();
    const mobile = within(drawer).getByTestId('column-setting-mobilePhone');
    fireEvent.click(within(mobile).getByRole('checkbox'));
    // Move 'Mobile' to the top with its arrow (twice).
    fireEvent.click(within(within(drawer).getByTestId('column-setting-mobilePhone')).getByLabelText('Move up'));
    fireEvent.click(within(within(drawer).getByTestId('column-setting-mobilePhone')).getByLabelText('Move up'));
    fireEvent.click(screen.getByTestId('column-settings-confirm'));
    await waitFor(() => expect(headers()).toEqual(['Mobile', 'Name', 'Account', 'Actions']));
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      moduleId: 'menu1',
      fieldList: JSON.stringify([
        { prop: 'mobilePhone', label: 'Mobile', visible: true },
        { prop: 'realName', label: 'Name', visible: true },
        { prop: 'account', label: 'Account', visible: true },
      ]),
    });

    // Restore default stores an empty list: the list's own order and visibility.
    fireEvent.click(screen.getByTestId('column-settings-open'));
    fireEvent.click(await screen.findByTestId('column-settings-restore'));
    fireEvent.click(screen.getByTestId('column-settings-confirm'));
    await waitFor(() => expect(stored).toBe('[]'));
    await waitFor(() => expect(headers()).toEqual(['Account', 'Name', 'Mobile', 'Actions']));
  });

  it('S2-7-13 a failed save restores the previous column list', async () => {
    const feedback = mockFeedback();
    mockFetch((_url, init) =>
      init.method === 'PUT'
        ? jsonResponse({ code: 500, msg: 'boom' }, 500)
        : jsonResponse(envelope([{ prop: 'mobilePhone', label: 'Mobile', visible: false }])),
    );
    renderList();
    await waitFor(() => expect(headers()).toEqual(['Account', 'Name', 'Actions']));
    fireEvent.click(screen.getByTestId('column-settings-open'));
    const drawer = await screen.findByTestId('column-settings');
    fireEvent.click(within(within(drawer).getByTestId('column-setting-account')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('column-settings-confirm'));
    await waitFor(() =>
      expect(feedback.message.error).toHaveBeenCalledWith('Saving failed; the previous columns are back'),
    );
    await waitFor(() => expect(headers()).toEqual(['Account', 'Name', 'Actions']));
    vi.unstubAllGlobals();
  });
});
