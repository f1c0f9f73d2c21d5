import type { UserInfo } from '@atrium/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { SelectDialog, type SelectDialogProps, type SelectQuery } from './select-dialog.tsx';
import { SELECT_ALL_PAGE_SIZE, SELECT_PAGE_SIZE, selectDefaults } from './select-defaults.ts';

interface Person {
  id: string;
  name: string;
}

const people: Person[] = Array.from({ length: 45 }, (_, i) => ({ id: `p${i + 1}`, name: `Person ${i + 1}` }));

function fakeFetch() {
  return vi.fn(async (query: SelectQuery) => {
    const hits = people.filter((p) => p.name.toLowerCase().includes(query.keyword.toLowerCase()));
    const start = (query.currentPage - 1) * query.pageSize;
    return { list: hits.slice(start, start + query.pageSize), total: hits.length };
  });
}

type Props = Partial<SelectDialogProps<Person>> & Pick<SelectDialogProps<Person>, 'fetchRecords'>;

/** A caller that keeps the confirmed value and can reopen the dialog. */
function Harness(props: Props & { initial?: Person[]; onConfirmSpy?: (rows: Person[]) => void }) {
  const { initial = [], onConfirmSpy, ...rest } = props;
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState<Person[]>(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <span data-testid="value">{value.map((p) => p.id).join(',')}</span>
      <SelectDialog<Person>
        open={open}
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
        value={value}
        onConfirm={(rows) => {
          onConfirmSpy?.(rows);
          setValue(rows);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        {...rest}
      />
    </>
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

// antd tables render slowly in happy-dom, more so while other test files run beside this one.
const WAIT = { timeout: 10_000 };

describe('SelectDialog', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('loads the first page of 20 and pages on', async () => {
    const fetchRecords = fakeFetch();
    render(<Harness fetchRecords={fetchRecords} />);
    expect(await screen.findByText('Person 1', undefined, WAIT)).toBeTruthy();
    expect(fetchRecords).toHaveBeenLastCalledWith({ keyword: '', currentPage: 1, pageSize: SELECT_PAGE_SIZE });
    expect(screen.queryByText('Person 21')).toBeNull();
    expect(screen.getByText('45 in total')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Person 21', undefined, WAIT)).toBeTruthy();
    expect(fetchRecords).toHaveBeenLastCalledWith({ keyword: '', currentPage: 2, pageSize: SELECT_PAGE_SIZE });
  });

  it('asks for 10000 rows at once without paging', async () => {
    const fetchRecords = fakeFetch();
    render(<Harness fetchRecords={fetchRecords} paging={false} />);
    expect(await screen.findByText('Person 45', undefined, WAIT)).toBeTruthy();
    expect(fetchRecords).toHaveBeenLastCalledWith({ keyword: '', currentPage: 1, pageSize: SELECT_ALL_PAGE_SIZE });
  });

  it('searches by keyword from the first page', async () => {
    const fetchRecords = fakeFetch();
    render(<Harness fetchRecords={fetchRecords} />);
    await screen.findByText('Person 1', undefined, WAIT);
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Person 21', undefined, WAIT);

    fireEvent.change(screen.getByTestId('select-dialog-keyword'), { target: { value: ' person 4 ' } });
    fireEvent.click(screen.getByTestId('select-dialog-search'));
    await waitFor(
      () =>
        expect(fetchRecords).toHaveBeenCalledWith({ keyword: 'person 4', currentPage: 1, pageSize: SELECT_PAGE_SIZE }),
      WAIT,
    );
    expect(await screen.findByText('Person 40', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByText('Person 1')).toBeNull();
  });

  it('reloads the page on show when the caller changes reloadKey (a record on it was deleted)', async () => {
    const fetchRecords = fakeFetch();
    const { rerender } = render(<Harness fetchRecords={fetchRecords} reloadKey={0} />);
    await screen.findByText('Person 1', undefined, WAIT);
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Person 21', undefined, WAIT);
    const calls = fetchRecords.mock.calls.length;
    people.splice(20, 1);
    try {
      rerender(<Harness fetchRecords={fetchRecords} reloadKey={1} />);
      await waitFor(() => expect(fetchRecords.mock.calls.length).toBe(calls + 1), WAIT);
      expect(fetchRecords).toHaveBeenLastCalledWith({ keyword: '', currentPage: 2, pageSize: SELECT_PAGE_SIZE });
      await waitFor(() => expect(screen.queryByText('Person 21')).toBeNull(), WAIT);
      expect(screen.getByText('Person 22')).toBeTruthy();
    } finally {
      people.splice(20, 0, { id: 'p21', name: 'Person 21' });
    }
  });

  it('confirm does nothing until a row is selected, then hands over the row (single)', async () => {
    const spy = vi.fn();
    render(<Harness fetchRecords={fakeFetch()} onConfirmSpy={spy} />);
    await screen.findByText('Person 1', undefined, WAIT);

    fireEvent.click(screen.getByTestId('select-dialog-confirm'));
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByText('0 selected')).toBeTruthy();

    fireEvent.click(rowOf('Person 2'));
    fireEvent.click(rowOf('Person 3'));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByTestId('select-dialog-confirm'));
    expect(spy).toHaveBeenCalledWith([{ id: 'p3', name: 'Person 3' }]);
    expect(screen.getByTestId('value').textContent).toBe('p3');
  });

  it('keeps picks across pages when multiple', async () => {
    const spy = vi.fn();
    const fetchRecords = fakeFetch();
    render(<Harness fetchRecords={fetchRecords} multiple onConfirmSpy={spy} />);
    await screen.findByText('Person 1', undefined, WAIT);
    fireEvent.click(rowOf('Person 1'));
    fireEvent.click(rowOf('Person 2'));
    fireEvent.click(rowOf('Person 2'));
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Person 21', undefined, WAIT);
    // While the table loads its rows sit under a spinner that takes no pointer input; a user clicks
    // once it is gone (fireEvent would reach through it).
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull(), WAIT);
    // The checkbox itself, not the row: both paths select.
    fireEvent.click(within(rowOf('Person 22')).getByRole('checkbox'));
    // The count follows the table's selection state, which may settle a render later on a busy machine.
    await waitFor(
      () =>
        expect(screen.getByTestId('select-dialog-count').textContent, JSON.stringify(fetchRecords.mock.calls)).toBe(
          '2 selected',
        ),
      WAIT,
    );
    fireEvent.click(screen.getByTestId('select-dialog-confirm'));
    expect(spy.mock.calls[0][0].map((p: Person) => p.id)).toEqual(['p1', 'p22']);
  });

  it('cancel drops the changes: reopening shows the confirmed value', async () => {
    render(<Harness fetchRecords={fakeFetch()} multiple initial={[people[4]]} />);
    await screen.findByText('Person 1', undefined, WAIT);
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(rowOf('Person 1'));
    expect(screen.getByText('2 selected')).toBeTruthy();

    fireEvent.click(screen.getByTestId('select-dialog-cancel'));
    expect(screen.getByTestId('value').textContent).toBe('p5');
    await act(async () => {
      fireEvent.click(screen.getByText('reopen'));
    });
    await screen.findByText('Person 1', undefined, WAIT);
    await waitFor(() => expect(screen.getByText('1 selected')).toBeTruthy(), WAIT);
    const checked = within(rowOf('Person 5')).getByRole('checkbox') as HTMLInputElement;
    expect(checked.checked).toBe(true);
    expect((within(rowOf('Person 1')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});

describe('selectDefaults', () => {
  it('takes the creator, the current organisation and the first position from the user', () => {
    const user = {
      userId: 'u1',
      userName: 'Zhu Ting',
      organizeId: 'o1',
      organizeName: 'Sales',
      positionIds: [
        { id: 'pos1', name: 'Manager' },
        { id: 'pos2', name: 'Clerk' },
      ],
    } as UserInfo;
    expect(selectDefaults(user)).toEqual({
      creatorUserId: 'u1',
      creatorUserName: 'Zhu Ting',
      organizeId: 'o1',
      organizeName: 'Sales',
      positionId: 'pos1',
      positionName: 'Manager',
    });
  });

  it('gives empty values without a user or a position', () => {
    expect(selectDefaults(null).positionId).toBe('');
    expect(selectDefaults({ positionIds: [] } as unknown as UserInfo).positionName).toBe('');
  });
});
