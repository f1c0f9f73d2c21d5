import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../locales/index.ts';
import { FieldPanel } from './field-panel.tsx';

const fields = [
  {
    id: 'headTable',
    fullName: 'headTable',
    table: 'headTable',
    field: '',
    hasChildren: true,
    children: [{ id: 'amount', fullName: 'amount', table: 'headTable', field: 'amount', hasChildren: false }],
  },
  {
    id: 'T1',
    fullName: 'T1',
    table: 'T1',
    field: '',
    hasChildren: true,
    children: [{ id: 'T1.price', fullName: 'price', table: 'T1', field: 'price', hasChildren: false }],
  },
];

describe('FieldPanel (print designer)', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));

  it('inserts a main field, a child-table field, its amount in words, a system tag and a page break', () => {
    const onInsert = vi.fn();
    const onPageBreak = vi.fn();
    render(<FieldPanel fields={fields} onInsert={onInsert} onPageBreak={onPageBreak} />);
    expect(screen.getByText('主表')).toBeTruthy();
    expect(screen.getByText('子表 T1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('print-field-amount'));
    fireEvent.click(screen.getByTestId('print-field-T1.price'));
    fireEvent.click(screen.getByTestId('print-field-words-T1.price'));
    fireEvent.click(screen.getByText('打印人'));
    fireEvent.click(screen.getByText('插入分页符'));
    expect(onInsert.mock.calls.map((c) => c[0])).toEqual([
      { field: 'amount' },
      { field: 'T1.price' },
      { field: 'T1.price', format: 'amountInWords' },
      { field: 'systemPrinter' },
    ]);
    expect(onPageBreak).toHaveBeenCalledOnce();
  });

  it('tells how to get fields while there are none, and still offers the system tags', () => {
    render(<FieldPanel fields={[]} onInsert={() => undefined} onPageBreak={() => undefined} />);
    expect(screen.getByText('在“数据 SQL”中编写语句后点击“加载字段”')).toBeTruthy();
    expect(screen.getByText('审批意见')).toBeTruthy();
    expect(screen.queryByText('大写')).toBeNull();
  });
});
