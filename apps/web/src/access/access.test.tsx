import type { PermissionEntry } from '@atrium/shared';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPageContext, PageContextProvider, type PageMeta } from '../keep-alive/page-context.ts';
import { useSessionStore } from '../stores/session.ts';
import { filterByPerm } from './filter-by-perm.ts';
import { Has } from './has.tsx';
import { DEFAULT_BUTTON_CODES, useHas } from './use-has.ts';

const permissionList: PermissionEntry[] = [
  {
    modelId: 'users',
    moduleName: 'Users',
    button: [
      { id: 'b1', fullName: 'Add', enCode: 'btn_add' },
      { id: 'b2', fullName: 'Edit', enCode: 'btn_edit' },
    ],
    column: [{ id: 'c1', fullName: 'Name', enCode: 'realName' }],
    form: [],
    resource: [],
  },
];

/** Renders `children` as a page whose frozen context carries `meta`. */
function renderPage(meta: PageMeta, children: ReactNode) {
  const context = { ...createPageContext({ pathname: '/users', search: '' }, []), meta };
  const router = createMemoryRouter([
    { path: '*', element: <PageContextProvider value={context}>{children}</PageContextProvider> },
  ]);
  return render(<RouterProvider router={router} />);
}

function Toolbar() {
  const has = useHas();
  const buttons = filterByPerm(
    [{ code: 'btn_add' }, { code: 'btn_edit' }, { code: 'btn_remove' }, { code: undefined, label: 'help' }],
    (b) => b.code,
    has,
  );
  return <div data-testid="toolbar">{buttons.map((b) => b.code ?? b.label).join(',')}</div>;
}

describe('access in the UI', () => {
  beforeEach(() => {
    useSessionStore.setState({ permissionList });
  });

  it('S1-6-05 names the default button codes', () => {
    expect(DEFAULT_BUTTON_CODES).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
  });

  it('S1-6-04 S2-6-01 shows a <Has> child only when the module grants the code', async () => {
    renderPage(
      { moduleId: 'users', judgePermission: true },
      <>
        <Has code="btn_add">
          <button>add</button>
        </Has>
        <Has code="btn_remove">
          <button>remove</button>
        </Has>
        <Has code="realName" kind="column">
          <span>name column</span>
        </Has>
      </>,
    );
    expect(await screen.findByText('add')).toBeTruthy();
    expect(screen.queryByText('remove')).toBeNull();
    expect(screen.getByText('name column')).toBeTruthy();
  });

  it('S1-6-06 S2-6-03 shows everything when the route does not judge permissions', async () => {
    renderPage({ moduleId: 'users' }, <Toolbar />);
    expect((await screen.findByTestId('toolbar')).textContent).toBe('btn_add,btn_edit,btn_remove,help');
  });

  it('filters a list by the page module, keeping entries without a code', async () => {
    renderPage({ moduleId: 'users', judgePermission: true }, <Toolbar />);
    expect((await screen.findByTestId('toolbar')).textContent).toBe('btn_add,btn_edit,help');
  });

  it('S1-6-03 denies every code when the judged page has no module id or no entry', async () => {
    renderPage({ judgePermission: true }, <Toolbar />);
    expect((await screen.findByTestId('toolbar')).textContent).toBe('help');
  });
});
