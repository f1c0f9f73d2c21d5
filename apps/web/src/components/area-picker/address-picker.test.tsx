import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { AddressPicker } from './address-picker.tsx';

const area = (id: string, fullName: string, type: number, hasChildren = true) => ({
  id,
  parentId: '',
  fullName,
  enCode: id,
  type,
  hasChildren,
  isLeaf: !hasChildren,
});

/** A tiny area tree: 北京市 > 北京市 > 东城区 / 西城区. */
const CHILDREN: Record<string, unknown[]> = {
  '-1': [area('110000', '北京市', 1), area('120000', '天津市', 1)],
  '110000': [area('110100', '北京市', 2)],
  '110100': [area('110101', '东城区', 3), area('110102', '西城区', 3)],
};
const NAMES: Record<string, string> = {
  '110000': '北京市',
  '110100': '北京市',
  '110101': '东城区',
  '110102': '西城区',
};

function serve() {
  return mockFetch(async (url, init) => {
    if (url.pathname.endsWith('/GetAreaByIds')) {
      const { idsList } = JSON.parse(String(init.body)) as { idsList: string[][] };
      return jsonResponse(envelope(idsList.map((p) => p.map((id) => NAMES[id]!))));
    }
    const parent = decodeURIComponent(url.pathname.split('/').pop()!);
    return jsonResponse(envelope({ list: CHILDREN[parent] ?? [] }));
  });
}

function Harness({ initial }: { initial: string[][] }) {
  const [value, setValue] = useState<string[][]>(initial);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AddressPicker multiple value={value} onChange={(v) => setValue(v as string[][])} data-testid="picker" />
      <span data-testid="value">{JSON.stringify(value)}</span>
    </QueryClientProvider>
  );
}

describe('AddressPicker', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mockFeedback();
  });

  it('S2-7-22 shows a saved value by its names (GetAreaByIds), joined by /', async () => {
    const { calls } = serve();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AddressPicker value={['110000', '110100', '110101']} data-testid="picker" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('北京市/北京市/东城区')).toBeTruthy();
    const lookup = calls.find((c) => c.url.pathname.endsWith('/GetAreaByIds'))!;
    expect(JSON.parse(String(lookup.init.body))).toEqual({ idsList: [['110000', '110100', '110101']] });
  });

  it('S2-2-38 S2-2-18 multiple: tags in the field, picked in the province/city/district dialog', async () => {
    serve();
    render(<Harness initial={[['110000', '110100', '110101']]} />);
    const field = screen.getByTestId('picker');
    expect(await within(field).findByText('北京市/北京市/东城区')).toBeTruthy();

    fireEvent.click(field);
    const dialog = await screen.findByTestId('area-transfer');
    expect(screen.getByText('省市区')).toBeTruthy();
    // The lazy tree opens level by level; only the last level can be picked.
    fireEvent.click((await within(dialog).findAllByText('北京市'))[0]!);
    expect(within(dialog).queryByText('已选 (1)')).toBeTruthy();
    const switcher = dialog.querySelector('.ant-tree-switcher')!;
    fireEvent.click(switcher);
    await waitFor(() => expect(within(dialog).getAllByText('北京市')).toHaveLength(2));
    fireEvent.click(dialog.querySelectorAll('.ant-tree-switcher')[1]!);
    fireEvent.click(await within(dialog).findByText('西城区'));
    expect(within(dialog).getByText('北京市/北京市/西城区')).toBeTruthy();
    expect(within(dialog).getByText('已选 (2)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([
        ['110000', '110100', '110101'],
        ['110000', '110100', '110102'],
      ]),
    );
    expect(await within(field).findByText('北京市/北京市/西城区')).toBeTruthy();
  });

  it('cancel leaves the value as it was; the clear-list action empties the picks', async () => {
    serve();
    render(<Harness initial={[['110000', '110100', '110101']]} />);
    fireEvent.click(screen.getByTestId('picker'));
    const dialog = await screen.findByTestId('area-transfer');
    expect(await within(dialog).findByText('北京市/北京市/东城区')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('清空列表'));
    expect(within(dialog).getByText('已选 (0)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([['110000', '110100', '110101']]);
  });
});
