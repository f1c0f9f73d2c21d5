import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import i18n from '../../locales/index.ts';
import { useDictionariesStore } from '../../stores/dictionaries.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { BillRuleTemplateDialog } from './bill-rule-template-dialog.tsx';

const WAIT = { timeout: 10_000 };

const dictionaries = {
  revision: 1,
  list: [
    {
      id: 't-business',
      enCode: 'businessType',
      fullName: '业务类型',
      isTree: 0,
      dictionaryList: [
        { id: 'cat-hr', enCode: 'hr', fullName: '人事' },
        { id: 'cat-fin', enCode: 'finance', fullName: '财务' },
      ],
    },
  ],
};

const templates = [
  { id: 'r1', fullName: '请假单', enCode: 'leaveApply', startNumber: '1', category: 'cat-hr' },
  { id: 'r2', fullName: '报销单', enCode: 'expenseClaim', startNumber: '100', category: 'cat-fin' },
];

function serve() {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/DictionaryData/All')) return jsonResponse(envelope(dictionaries));
    if (url.pathname.endsWith('/DictionaryData/Revision')) return jsonResponse(envelope({ revision: 1 }));
    const categoryId = url.searchParams.get('categoryId') ?? '';
    const keyword = url.searchParams.get('keyword') ?? '';
    const list = templates.filter(
      (r) => (!categoryId || r.category === categoryId) && (!keyword || r.fullName.includes(keyword)),
    );
    return jsonResponse(envelope({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } }));
  });
}

function show(onSelect = vi.fn(), onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BillRuleTemplateDialog open onClose={onClose} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return { onSelect, onClose };
}

describe('BillRuleTemplateDialog', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mockFeedback();
    useDictionariesStore.getState().reset();
  });

  it('S2-2-19 titled 模板: business categories, keyword, columns name / code / start, 20 a page', async () => {
    const { calls } = serve();
    show();
    expect(screen.getByText('模板')).toBeTruthy();
    expect(await screen.findByText('请假单', {}, WAIT)).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const header of ['业务名称', '业务编码', '流水起始']) expect(headers).toContain(header);
    const first = calls.find((c) => c.url.pathname === '/prod/api/system/BillRule/Selector')!;
    expect(first.url.searchParams.get('pageSize')).toBe('20');
    expect(first.url.searchParams.get('currentPage')).toBe('1');

    fireEvent.click(await screen.findByText('财务', {}, WAIT));
    await waitFor(() => expect(screen.queryByText('请假单')).toBeNull(), WAIT);
    expect(screen.getByText('报销单')).toBeTruthy();
    expect(calls.at(-1)!.url.searchParams.get('categoryId')).toBe('cat-fin');

    fireEvent.click(screen.getByText('全部分类'));
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '请假' } });
    fireEvent.click(screen.getByTestId('admin-search'));
    await waitFor(() => expect(screen.queryByText('报销单')).toBeNull(), WAIT);
    expect(calls.at(-1)!.url.searchParams.get('keyword')).toBe('请假');
    expect(calls.at(-1)!.url.searchParams.get('categoryId')).toBe('');
  });

  it('answers the picked template on confirm, or at once on a double click', async () => {
    serve();
    const { onSelect, onClose } = show();
    const row = (await screen.findByText('报销单', {}, WAIT)).closest('tr')!;
    const ok = document.getElementById('bill-template-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(row);
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    expect(onSelect).toHaveBeenCalledWith(templates[1]);
    expect(onClose).toHaveBeenCalled();

    fireEvent.doubleClick(screen.getByText('请假单').closest('tr')!);
    expect(onSelect).toHaveBeenLastCalledWith(templates[0]);
  });
});
