import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadAreaTexts } from '../../../locales/index.ts';
import { diffSnapshots } from './diff.ts';
import { DiffView } from './diff-view.tsx';
import { texts } from './index.tsx';

const rowsOf = () =>
  within(screen.getByTestId('audit-diff-table'))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-changed'));

describe('the audit diff', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
    await loadAreaTexts(texts);
  });

  it('pairs the fields of both snapshots, changed or not, nested values compared by content', () => {
    const rows = diffSnapshots(
      { a: 1, b: { x: 1, y: 2 }, c: 'same', gone: true },
      { a: 2, b: { y: 2, x: 1 }, c: 'same', added: [1] },
    );
    expect(rows).toEqual([
      { key: 'a', before: 1, after: 2, changed: true },
      { key: 'b', before: { x: 1, y: 2 }, after: { y: 2, x: 1 }, changed: false },
      { key: 'c', before: 'same', after: 'same', changed: false },
      { key: 'gone', before: true, after: undefined, changed: true },
      { key: 'added', before: undefined, after: [1], changed: true },
    ]);
    expect(diffSnapshots(null, { a: 1 })).toEqual([{ key: 'a', before: undefined, after: 1, changed: true }]);
    expect(diffSnapshots(null, null)).toEqual([]);
    expect(diffSnapshots([1], [2], 'value')).toEqual([{ key: 'value', before: [1], after: [2], changed: true }]);
  });

  it('S-audit shows the changed fields highlighted, nested values as JSON, the unchanged ones behind a toggle', () => {
    render(
      <DiffView
        before={{ real_name: 'Old name', version: 3, preferences: { theme: 'light' }, account: 'staff' }}
        after={{ real_name: 'New name', version: 4, preferences: { theme: 'dark' }, account: 'staff' }}
      />,
    );
    expect(screen.getByTestId('audit-diff-count').textContent).toBe('Changed fields: 3');
    let rows = rowsOf();
    expect(rows.map((row) => row.getAttribute('data-changed'))).toEqual(['true', 'true', 'true']);
    const [name, , prefs] = rows;
    expect(name!.textContent).toContain('real_name');
    expect(name!.textContent).toContain('Old name');
    expect(name!.textContent).toContain('New name');
    // Before in red, after in green: each changed cell carries its highlight class.
    const cells = within(name!).getAllByRole('cell');
    expect(cells[1]!.className).toMatch(/beforeCell/);
    expect(cells[2]!.className).toMatch(/afterCell/);
    // A nested value is shown as indented JSON.
    const pre = prefs!.querySelectorAll('pre');
    expect(pre[0]!.textContent).toBe('{\n  "theme": "light"\n}');
    expect(pre[1]!.textContent).toBe('{\n  "theme": "dark"\n}');
    expect(screen.queryByText('account')).toBeNull();

    const toggle = screen.getByTestId('audit-diff-toggle');
    expect(toggle.textContent).toBe('Show unchanged fields (1)');
    fireEvent.click(toggle);
    rows = rowsOf();
    expect(rows).toHaveLength(4);
    const same = rows.find((row) => row.textContent?.includes('account'))!;
    expect(same.getAttribute('data-changed')).toBe('false');
    expect(within(same).getAllByRole('cell')[1]!.className).not.toMatch(/beforeCell/);
    fireEvent.click(screen.getByTestId('audit-diff-toggle'));
    expect(rowsOf()).toHaveLength(3);
  });

  it('says a created record had nothing before', () => {
    render(<DiffView before={null} after={{ full_name: 'Sales' }} />);
    expect(screen.getByTestId('audit-diff').textContent).toContain('Created: nothing before');
    const [row] = rowsOf();
    expect(row!.textContent).toContain('(none)');
    expect(row!.textContent).toContain('Sales');
    expect(screen.queryByTestId('audit-diff-toggle')).toBeNull();
  });
});
