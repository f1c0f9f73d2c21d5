import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import i18n from '../../locales/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { PrintPreview } from './print-preview.tsx';
import { DEFAULT_PAGE } from './page-document.ts';

const template =
  '<p>姓名：<span class="print-field" data-field="realName">{realName}</span></p>' +
  '<p><span class="print-field" data-field="systemPrinter">{systemPrinter}</span></p>';

function show(fullName?: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <PrintPreview open templateId="t1" formId="u1" fullName={fullName} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

describe('PrintPreview', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mockFeedback();
    useSessionStore.setState({ userInfo: { userName: '施雪', userAccount: 'shixue' } as never });
  });

  it('S2-2-31 loads the print data, shows the filled page, and downloads a .doc named after the form', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          printData: { realName: '施雪' },
          printTemplate: template,
          operatorRecordList: [],
          fullName: '员工信息登记表',
          pageParam: DEFAULT_PAGE,
        }),
      ),
    );
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    show('报销单');
    const page = await screen.findByTestId('print-preview-page');
    expect(calls[0]!.url.pathname).toBe('/prod/api/system/printDev/Data');
    expect(calls[0]!.url.searchParams.get('formId')).toBe('u1');
    expect(page.textContent).toContain('姓名：施雪');
    expect(page.textContent).toContain('施雪/shixue');
    for (const name of ['下 载', '打 印', '取 消']) expect(screen.getByRole('button', { name })).toBeTruthy();

    fireEvent.click(screen.getByTestId('print-preview-download'));
    await waitFor(() => expect(clicked).toEqual(['报销单.doc']));
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain('施雪');
  });

  it('S2-9-21 without a form name the download is 下载文档.doc; a failed load shows the failure', async () => {
    mockFetch(() => jsonResponse(envelope(null, 400, '打印数据读取失败')));
    show();
    expect(await screen.findByText('打印数据加载失败')).toBeTruthy();
    expect((screen.getByTestId('print-preview-download') as HTMLButtonElement).disabled).toBe(true);
  });
});
