import type { PickerTreeNode } from '@atrium/shared';
import type { FormField } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '../../test/helpers.ts';
import { OrgSelect } from './org-select.tsx';
import { PickUserDialog } from './pick-user-dialog.tsx';
import { PickerField } from './picker-field.tsx';
import {
  CURRENT_USER,
  TOP_NODE_ID,
  addPicked,
  filterTree,
  labelMatches,
  mixedId,
  pickable,
  storedValue,
  type PickedItem,
} from './picker-values.ts';
import { UserSelect } from './user-select.tsx';
import { LOAD_MORE_DISTANCE, USER_PAGE_SIZE, nearBottom } from './user-tabs.ts';

// antd trees and modals render slowly in happy-dom, more so beside other test files.
const WAIT = { timeout: 10_000 };

const node = (id: string, fullName: string, type: PickerTreeNode['type'], extra: Partial<PickerTreeNode> = {}) =>
  ({
    id,
    parentId: '0',
    fullName,
    type,
    isLeaf: type === 'user',
    hasChildren: type !== 'user',
    icon: '',
    organize: '示范公司',
    organizeIds: [id],
    lastFullName: fullName,
    ...extra,
  }) satisfies PickerTreeNode;

/** The people and organisations behind the pickers' calls, as the server answers them. */
function server() {
  return mockFetch((url) => {
    const path = url.pathname.replace(/^\/prod/, '');
    const list = (items: unknown[]) => jsonResponse(envelope({ list: items }));
    if (path === '/api/permission/Users/getOrganization') {
      const org = url.searchParams.get('organizeId');
      if (org === '0') return list([node('o1', '示范公司', 'company')]);
      if (org === 'o1') return list([node('u1', '张三', 'user'), node('u2', '李四', 'user')]);
      if (org === 'd1') return list([node('u5', '孙七', 'user')]);
      return list([]);
    }
    if (path === '/api/permission/Users/SelectorByOrganize') {
      const keyword = url.searchParams.get('keyword') ?? '';
      if (keyword === '员工') {
        // 45 people: pages of 20, 20 and 5.
        const page = Number(url.searchParams.get('currentPage'));
        const size = Number(url.searchParams.get('pageSize'));
        const all = Array.from({ length: 45 }, (_, i) => ({
          id: `e${i + 1}`,
          fullName: `员工${i + 1}`,
          organize: '示范公司',
        }));
        return jsonResponse(envelope({ list: all.slice((page - 1) * size, page * size), pagination: { total: 45 } }));
      }
      const people = [
        { id: 'u1', fullName: '张三', organize: '示范公司' },
        { id: 'u2', fullName: '李四', organize: '示范公司' },
      ].filter((p) => p.fullName.includes(keyword));
      return jsonResponse(envelope({ list: people, pagination: { total: people.length } }));
    }
    if (path === '/api/permission/Users/GetUsersByRoleOrgId')
      return list(
        url.searchParams.get('roleId') === 'r-o'
          ? [
              { id: 'u3', fullName: '王五', organize: '示范公司/研发部' },
              { id: 'u4', fullName: '赵六', organize: '示范公司/研发部' },
            ]
          : [],
      );
    if (path === '/api/permission/Users/getSelectedUserList')
      return jsonResponse(
        envelope({ list: [{ id: 'u2', fullName: '李四', organize: '示范公司' }], pagination: { total: 1 } }),
      );
    if (path === '/api/permission/Users/getSelectedList') return list([]);
    if (path === '/api/permission/Role/Selector')
      return list([
        node('1', '全局', 'company', { children: [node('r-g', '系统管理员', 'role')] }),
        node('o1', '示范公司', 'company', { children: [node('r-o', '部门经理', 'role')] }),
      ]);
    if (path === '/api/permission/Organize/Department/Selector/0')
      return list([
        node('o1', '示范公司', 'company', {
          children: [node('d1', '研发部', 'department'), node('d2', '停用部门', 'department', { disabled: true })],
        }),
      ]);
    if (path === '/api/permission/Position/PositionCondition')
      return list([node('o1', '示范公司', 'company', { children: [node('p1', '工程师', 'position')] })]);
    if (path === '/api/permission/Group/Selector') return list([node('g1', '工会', 'group')]);
    return jsonResponse(envelope(null, 404, 'not found'), 404);
  });
}

const wrap = (ui: ReactElement) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

/** A form field holding a picker, its value shown for the assertions. */
function Field({ field, initial = null }: { field: FormField; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  const Picker = field.__config__.jnpfKey.startsWith('user') ? UserSelect : OrgSelect;
  return (
    <>
      <Picker field={field} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const pickerField = (jnpfKey: FormField['__config__']['jnpfKey'], props: Record<string, unknown> = {}): FormField => ({
  __config__: { jnpfKey, label: '人员' },
  __vModel__: `${jnpfKey}Field1`,
  ...props,
});

const valueShown = () => screen.getByTestId('value').textContent;
const calls = (log: FetchCall[], path: string) => log.filter((c) => c.url.pathname.endsWith(path));

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('picker values', () => {
  it('S2-3-07 S2-4-08 S2-5-34 a mixed selection joins id--type; single replaces, multiple appends unless present', () => {
    expect(mixedId({ id: 'u1', type: 'user' })).toBe('u1--user');
    expect(mixedId({ id: 'd1', type: 'department' })).toBe('d1--department');
    const a: PickedItem = { id: 'a', fullName: 'A' };
    const b: PickedItem = { id: 'b', fullName: 'B' };
    expect(addPicked([a], b, false)).toEqual([b]);
    expect(addPicked([a], b, true)).toEqual([a, b]);
    expect(addPicked([a, b], a, true)).toEqual([a, b]);
    expect(storedValue([a, b], true)).toEqual(['a', 'b']);
    expect(storedValue([], false)).toBeNull();
  });

  it('S2-5-35 S2-5-36 S2-5-37 only the kind’s own leaves are pickable, never a disabled one', () => {
    expect(pickable({ type: 'user' }, ['user'])).toBe(true);
    expect(pickable({ type: 'department' }, ['user'])).toBe(false);
    expect(pickable({ type: 'company' }, ['user'])).toBe(false);
    expect(pickable({ type: 'department', disabled: true }, ['department'])).toBe(false);
  });

  it('S2-5-39 tree search keeps the nodes whose label contains the keyword, with their ancestors', () => {
    expect(labelMatches('Research Center', 'search')).toBe(true);
    expect(labelMatches('研发部', '发')).toBe(true);
    expect(labelMatches('研发部', '销售')).toBe(false);
    type Node = { id: string; fullName: string; children?: Node[] };
    const tree: Node[] = [
      {
        id: 'o',
        fullName: '示范公司',
        children: [
          { id: 'd1', fullName: '研发部' },
          { id: 'd2', fullName: '销售部' },
        ],
      },
    ];
    expect(filterTree(tree, '研发')).toEqual([
      { id: 'o', fullName: '示范公司', children: [{ id: 'd1', fullName: '研发部' }] },
    ]);
    expect(filterTree(tree, '财务')).toEqual([]);
    expect(filterTree(tree, ' ')).toEqual(tree);
  });
});

describe('picker field', () => {
  it('S2-2-07 S2-4-06 S2-6-11 S2-4-09 tags or a count button; a click opens unless disabled; clear only with a value', () => {
    let opened = 0;
    const items: PickedItem[] = [
      { id: 'u1', fullName: '张三' },
      { id: 'u2', fullName: '李四' },
    ];
    const props = { onOpen: () => opened++, onRemove: () => {}, onClear: () => {} };
    const { rerender } = render(<PickerField items={items} {...props} data-testid="f" />);
    expect(screen.getByTestId('f').textContent).toContain('张三');
    expect(screen.getByTestId('f').textContent).toContain('李四');
    expect(screen.getByLabelText('清空列表')).toBeTruthy();
    fireEvent.click(screen.getByTestId('f'));
    expect(opened).toBe(1);

    rerender(<PickerField items={items} {...props} disabled data-testid="f" />);
    fireEvent.click(screen.getByTestId('f'));
    expect(opened).toBe(1);
    expect(screen.queryByLabelText('清空列表')).toBeNull();

    rerender(<PickerField items={[]} {...props} data-testid="f" />);
    expect(screen.getByTestId('f').textContent).toBe('请选择');
    expect(screen.queryByLabelText('清空列表')).toBeNull();
    rerender(<PickerField items={items} {...props} clearable={false} data-testid="f" />);
    expect(screen.queryByLabelText('清空列表')).toBeNull();

    rerender(<PickerField items={items} {...props} asButton data-testid="f" />);
    expect(screen.getByTestId('f').textContent).toContain('已选 2 人');
    fireEvent.click(screen.getByTestId('f'));
    expect(opened).toBe(2);
  });
});

describe('user picker', { timeout: 30_000 }, () => {
  it('S2-2-05 S2-2-06 S2-2-08 S2-2-09 S2-2-10 S2-2-11 S2-3-09 S2-4-07 S2-5-35 the two-pane dialog: lazy tree, search, system variable, cancel and confirm', async () => {
    const { calls: log } = server();
    wrap(<Field field={pickerField('userSelect')} />);
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    const dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    expect(screen.getByText('请选择人员')).toBeTruthy();
    for (const tab of ['全部数据', '当前组织', '我的下属', '系统变量'])
      expect(within(dialog).getByText(tab)).toBeTruthy();

    // The tree loads one level at a time; an organisation opens but cannot be picked.
    const tree = await within(dialog).findByTestId('user-picker-tree', undefined, WAIT);
    fireEvent.click(within(tree).getByText('示范公司'));
    expect(within(screen.getByTestId('user-picker-picked')).getByText('暂无选择')).toBeTruthy();
    fireEvent.click(tree.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await within(tree).findByText('张三', undefined, WAIT));
    expect(within(screen.getByTestId('user-picker-picked')).getByText('张三')).toBeTruthy();
    expect(calls(log, '/getOrganization').map((c) => c.url.searchParams.get('organizeId'))).toEqual(['0', 'o1']);

    // Cancel drops the choice: the field keeps its empty value.
    fireEvent.click(screen.getByTestId('user-picker-cancel'));
    await waitFor(() => expect(screen.queryByTestId('user-picker')).toBeNull(), WAIT);
    expect(valueShown()).toBe('null');

    // A keyword (Enter) turns the tree into a paged flat list of people.
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    const again = await screen.findByTestId('user-picker', undefined, WAIT);
    const search = within(again).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '李' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const results = await within(again).findByTestId('user-picker-results', undefined, WAIT);
    await within(results).findByText('李四', undefined, WAIT);
    expect(within(results).queryByText('张三')).toBeNull();
    const query = calls(log, '/SelectorByOrganize').at(-1)!.url.searchParams;
    expect([query.get('keyword'), query.get('currentPage'), query.get('pageSize')]).toEqual(['李', '1', '20']);

    // The system variables tab holds one entry, the current user, stored as currentUser.
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(within(again).getByText('系统变量'));
    const system = await within(again).findByTestId('user-picker-system', undefined, WAIT);
    expect(within(system).getAllByRole('option')).toHaveLength(1);
    fireEvent.click(within(system).getByText('当前用户'));
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(valueShown()).toBe(JSON.stringify(CURRENT_USER)), WAIT);
    expect(screen.getByTestId('picker-userSelectField1').textContent).toContain('当前用户');
  });

  it('S2-6-06 S2-2-12 custom mode lists only the allowed people, flat and paged; multiple keeps each once', async () => {
    const { calls: log } = server();
    wrap(<Field field={pickerField('usersSelect', { selectType: 'custom', ableIds: ['u2'], multiple: true })} />);
    fireEvent.click(screen.getByTestId('picker-usersSelectField1'));
    const dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    expect(within(dialog).queryByText('全部数据')).toBeNull();
    const results = await within(dialog).findByTestId('user-picker-results', undefined, WAIT);
    const li = await within(results).findByText('李四', undefined, WAIT);
    const body = JSON.parse(String(calls(log, '/getSelectedUserList')[0]!.init.body));
    expect(body).toMatchObject({ userId: ['u2'], currentPage: 1, pageSize: 20 });
    fireEvent.click(li);
    fireEvent.click(li);
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    // usersSelect stores people as id--user
    await waitFor(() => expect(valueShown()).toBe('["u2--user"]'), WAIT);
  });
});

/** Opens the tree node named `name` (its switcher) inside `tree`, once the tree has stopped moving. */
async function openNode(tree: HTMLElement, name: string) {
  // The tree ignores a switcher while another node's opening motion runs, which on a busy machine
  // can outlast one check: click whenever no motion runs, until the node shows as open.
  await waitFor(() => {
    const row = within(tree).getByText(name).closest('.ant-tree-treenode') as HTMLElement;
    const switcher = row.querySelector('.ant-tree-switcher')!;
    if (switcher.className.includes('ant-tree-switcher_open')) return;
    if (!tree.querySelector('.ant-tree-treenode-motion')) fireEvent.click(switcher);
    throw new Error(`${name} is not open yet`);
  }, WAIT);
}

const pickedNames = (testId = 'user-picker-picked') =>
  [...screen.getByTestId(testId).querySelectorAll('li')].map((li) => li.querySelector('span span')!.textContent);

describe('user picker trees and lists', { timeout: 30_000 }, () => {
  it('S2-4-10 clicking an organisation adds its already loaded people (multiple mode); single mode picks only people', async () => {
    server();
    wrap(<Field field={pickerField('userSelect', { multiple: true })} />);
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    const dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    const tree = await within(dialog).findByTestId('user-picker-tree', undefined, WAIT);
    // Nothing loaded under it yet: nothing is added.
    fireEvent.click(within(tree).getByText('示范公司'));
    expect(within(screen.getByTestId('user-picker-picked')).getByText('暂无选择')).toBeTruthy();
    await openNode(tree, '示范公司');
    await within(tree).findByText('李四', undefined, WAIT);
    fireEvent.click(within(tree).getByText('示范公司'));
    expect(pickedNames()).toEqual(['张三', '李四']);
    // Again: each person is there once.
    fireEvent.click(within(tree).getByText('示范公司'));
    expect(pickedNames()).toEqual(['张三', '李四']);
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(valueShown()).toBe('["u1","u2"]'), WAIT);
  });

  it('S2-4-10 in single mode an organisation click adds nobody, even with its people loaded', async () => {
    server();
    wrap(<Field field={pickerField('userSelect')} />);
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    const dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    const tree = await within(dialog).findByTestId('user-picker-tree', undefined, WAIT);
    await openNode(tree, '示范公司');
    await within(tree).findByText('张三', undefined, WAIT);
    fireEvent.click(within(tree).getByText('示范公司'));
    expect(within(screen.getByTestId('user-picker-picked')).getByText('暂无选择')).toBeTruthy();
  });

  it('S2-4-10 the pick-user dialog in multiple mode adds an organisation’s loaded people too', async () => {
    server();
    let confirmed: PickedItem[] = [];
    wrap(<PickUserDialog open multiple onConfirm={(items) => (confirmed = items)} onCancel={() => {}} />);
    const dialog = await screen.findByTestId('pick-user-dialog', undefined, WAIT);
    await within(dialog).findByText('示范公司', undefined, WAIT);
    const tree = dialog.querySelector('[data-testid="picker-tree"]') as HTMLElement;
    await openNode(tree, '示范公司');
    await within(tree).findByText('李四', undefined, WAIT);
    fireEvent.click(within(tree).getByText('示范公司'));
    expect(screen.getByTestId('pick-user-picked').textContent).toBe('张三, 李四');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(confirmed.map((p) => p.id)).toEqual(['u1', 'u2']);
  });

  it('S2-6-05 select type all: a department tab and, in multiple mode only, a role tab', async () => {
    const { calls: log } = server();
    const { unmount } = wrap(<Field field={pickerField('userSelect', { selectType: 'all' })} />);
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    let dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    expect(within(dialog).getByRole('tab', { name: '部门' })).toBeTruthy();
    expect(within(dialog).queryByRole('tab', { name: '角色' })).toBeNull();
    // The department tab: the department tree; a department opens to its sub-departments and people.
    fireEvent.click(within(dialog).getByRole('tab', { name: '部门' }));
    const departments = await within(dialog).findByTestId('user-picker-department', undefined, WAIT);
    await within(departments).findByText('示范公司', undefined, WAIT);
    expect(calls(log, '/Organize/Department/Selector/0')).toHaveLength(1);
    await openNode(departments, '示范公司');
    await within(departments).findByText('研发部', undefined, WAIT);
    expect(within(departments).getByText('张三')).toBeTruthy();
    await openNode(departments, '研发部');
    fireEvent.click(await within(departments).findByText('孙七', undefined, WAIT));
    expect(pickedNames()).toEqual(['孙七']);
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(valueShown()).toBe('"u5"'), WAIT);
    unmount();

    wrap(<Field field={pickerField('usersSelect', { selectType: 'all', multiple: true })} />);
    fireEvent.click(screen.getByTestId('picker-usersSelectField1'));
    dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    expect(within(dialog).getByRole('tab', { name: '部门' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: '角色' }));
    // The role tab: global roles and each organisation's roles; a role opens to the people holding it.
    const roles = await within(dialog).findByTestId('user-picker-role', undefined, WAIT);
    await within(roles).findByText('全局', undefined, WAIT);
    await openNode(roles, '示范公司');
    await within(roles).findByText('部门经理', undefined, WAIT);
    await openNode(roles, '部门经理');
    await waitFor(() => expect(calls(log, '/GetUsersByRoleOrgId')).toHaveLength(1), WAIT);
    await within(roles).findByText('赵六', undefined, WAIT);
    expect(calls(log, '/GetUsersByRoleOrgId')[0]!.url.searchParams.get('roleId')).toBe('r-o');
    // Clicking the role adds its people (S2-4-10).
    fireEvent.click(within(roles).getByText('部门经理'));
    expect(pickedNames()).toEqual(['王五', '赵六']);
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(valueShown()).toBe('["u3--user","u4--user"]'), WAIT);
  });

  it('S2-6-05 custom mode has no department or role tab', async () => {
    server();
    wrap(<Field field={pickerField('userSelect', { selectType: 'custom', ableIds: ['u2'], multiple: true })} />);
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    const dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    await within(dialog).findByTestId('user-picker-results', undefined, WAIT);
    expect(within(dialog).queryByRole('tab', { name: '部门' })).toBeNull();
    expect(within(dialog).queryByRole('tab', { name: '角色' })).toBeNull();
  });

  it('S2-9-10 people lists load 20 at a time and the next page within 200px of the bottom', async () => {
    expect(USER_PAGE_SIZE).toBe(20);
    expect(LOAD_MORE_DISTANCE).toBe(200);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 500 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 499 })).toBe(false);

    const { calls: log } = server();
    wrap(<Field field={pickerField('userSelect', { multiple: true })} />);
    fireEvent.click(screen.getByTestId('picker-userSelectField1'));
    const dialog = await screen.findByTestId('user-picker', undefined, WAIT);
    const box = within(dialog).getByTestId('user-picker-scroll');
    let top = 0;
    // 50px a person: 1000px for the first page, 2000px once the second is in.
    let height = 1000;
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(box, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
    const search = within(dialog).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '员工' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const results = await within(dialog).findByTestId('user-picker-results', undefined, WAIT);
    await within(results).findByText('员工20', undefined, WAIT);
    expect(within(results).getAllByRole('option')).toHaveLength(20);
    const pages = () => calls(log, '/SelectorByOrganize').map((c) => c.url.searchParams.get('currentPage'));
    expect(pages()).toEqual(['1']);
    expect(calls(log, '/SelectorByOrganize')[0]!.url.searchParams.get('pageSize')).toBe('20');

    // 201px from the bottom: nothing more; 200px: the next page.
    top = 499;
    fireEvent.scroll(box);
    expect(pages()).toEqual(['1']);
    top = 500;
    fireEvent.scroll(box);
    height = 2000;
    await within(results).findByText('员工40', undefined, WAIT);
    expect(within(results).getAllByRole('option')).toHaveLength(40);
    expect(pages()).toEqual(['1', '2']);
    top = 1500;
    fireEvent.scroll(box);
    await within(results).findByText('员工45', undefined, WAIT);
    // All 45 are in: no more pages are asked for, and the list keeps what it had.
    fireEvent.scroll(box);
    expect(pages()).toEqual(['1', '2', '3']);
    expect(within(results).queryByTestId('picker-options-more')).toBeNull();
  });
});

describe('pick-user dialog', () => {
  it('S2-2-04 S2-5-32 S2-8-10 titled 选择 and the label (审批人 by default), 450px; confirming with nobody says 请选择{title}', async () => {
    server();
    let confirmed = 0;
    wrap(<PickUserDialog open onConfirm={() => confirmed++} onCancel={() => {}} />);
    const dialog = await screen.findByTestId('pick-user-dialog', undefined, WAIT);
    // (the 450px width is a layout matter, measured in the browser scenario of the gallery)
    expect(within(dialog).getByText('选择审批人')).toBeTruthy();
    await within(dialog).findByText('示范公司', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect((await screen.findByTestId('pick-user-error')).textContent).toContain('请选择审批人');
    expect(confirmed).toBe(0);
    expect(screen.getByTestId('pick-user-dialog')).toBeTruthy();
  });
});

describe('organisation pickers', { timeout: 30_000 }, () => {
  it('S2-2-17 S2-6-10 select role: node 1 goes to the global tab, the rest to organisation; organisations are not picked', async () => {
    server();
    wrap(<Field field={pickerField('roleSelect')} />);
    fireEvent.click(screen.getByTestId('picker-roleSelectField1'));
    const dialog = await screen.findByTestId('org-picker-roleSelect', undefined, WAIT);
    expect(screen.getByText('选择角色')).toBeTruthy();
    const organize = await within(dialog).findByTestId('org-picker-roleSelect-tree-organize', undefined, WAIT);
    expect(within(organize).getByText('部门经理')).toBeTruthy();
    expect(within(organize).queryByText('系统管理员')).toBeNull();
    fireEvent.click(within(organize).getByText('示范公司'));
    expect(within(screen.getByTestId('org-picker-roleSelect-picked')).getByText('暂无选择')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('全局'));
    const global = await within(dialog).findByTestId('org-picker-roleSelect-tree-global', undefined, WAIT);
    fireEvent.click(within(global).getByText('系统管理员'));
    fireEvent.click(screen.getByTestId('org-picker-roleSelect-confirm'));
    await waitFor(() => expect(valueShown()).toBe('"r-g"'), WAIT);
  });

  it('S2-2-15 S2-5-37 S2-5-39 select department: a disabled department cannot be chosen; the search filters by substring', async () => {
    server();
    wrap(<Field field={pickerField('depSelect', { multiple: true })} />);
    fireEvent.click(screen.getByTestId('picker-depSelectField1'));
    const dialog = await screen.findByTestId('org-picker-depSelect', undefined, WAIT);
    expect(screen.getByText('选择部门')).toBeTruthy();
    const tree = await within(dialog).findByTestId('org-picker-depSelect-tree', undefined, WAIT);
    fireEvent.click(within(tree).getByText('停用部门'));
    fireEvent.click(within(tree).getByText('研发部'));
    const picked = screen.getByTestId('org-picker-depSelect-picked');
    expect(picked.querySelectorAll('li')).toHaveLength(1);
    expect(picked.querySelector('li')!.textContent).toContain('研发部');
    expect(picked.textContent).not.toContain('停用部门');
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: '研发' } });
    await waitFor(() => expect(within(tree).queryByText('停用部门')).toBeNull(), WAIT);
    fireEvent.click(screen.getByTestId('org-picker-depSelect-confirm'));
    await waitFor(() => expect(valueShown()).toBe('["d1"]'), WAIT);
  });

  it('S2-2-16 S2-6-04 select position in custom mode asks only for the allowed positions', async () => {
    const { calls: log } = server();
    wrap(<Field field={pickerField('posSelect', { selectType: 'custom', ableIds: ['p1'] })} />);
    fireEvent.click(screen.getByTestId('picker-posSelectField1'));
    const dialog = await screen.findByTestId('org-picker-posSelect', undefined, WAIT);
    expect(screen.getByText('选择岗位')).toBeTruthy();
    await within(dialog).findByText('工程师', undefined, WAIT);
    expect(JSON.parse(String(calls(log, '/PositionCondition')[0]!.init.body))).toEqual({ positionIds: ['p1'] });
  });

  it('S2-2-13 S2-2-14 S2-6-08 S2-3-08 select organisation under a top parent offers only the top node, id -1, path [-1]; group select', async () => {
    server();
    const { unmount } = wrap(<Field field={pickerField('comSelect', { isOnlyOrg: true, currOrgId: TOP_NODE_ID })} />);
    fireEvent.click(screen.getByTestId('picker-comSelectField1'));
    const dialog = await screen.findByTestId('org-picker-comSelect', undefined, WAIT);
    expect(screen.getByText('选择组织')).toBeTruthy();
    const tree = await within(dialog).findByTestId('org-picker-comSelect-tree', undefined, WAIT);
    expect(tree.querySelectorAll('.ant-tree-treenode')).toHaveLength(1);
    fireEvent.click(within(tree).getByText('顶级节点'));
    fireEvent.click(screen.getByTestId('org-picker-comSelect-confirm'));
    await waitFor(() => expect(valueShown()).toBe('["-1"]'), WAIT);
    unmount();

    wrap(<Field field={pickerField('groupSelect')} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('picker-groupSelectField1'));
    });
    const groups = await screen.findByTestId('org-picker-groupSelect', undefined, WAIT);
    expect(screen.getByText('分组选择')).toBeTruthy();
    expect(await within(groups).findByText('工会', undefined, WAIT)).toBeTruthy();
  });
});
