import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteHandle } from '../router/route-handle.ts';
import { useTagsStore } from '../stores/tags.ts';
import { refreshCachedPage } from './cache-control.ts';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { usePageContext } from './page-context.ts';

interface Seen {
  own: string;
  ownId: string | undefined;
  moduleId: string | undefined;
  live: string;
}
let seen: Seen[] = [];

/** What a page sees: its frozen context next to the router's live location. */
function Probe() {
  const page = usePageContext();
  const live = useLocation();
  seen.push({ own: page.path, ownId: page.params.id, moduleId: page.meta.moduleId, live: live.pathname + live.search });
  return null;
}

function FormPage() {
  const page = usePageContext();
  const [clicks, setClicks] = useState(0);
  return (
    <div data-testid={`page-${page.path}`}>
      <span data-testid="own-path">{page.path}</span>
      <span data-testid="own-id">{page.params.id}</span>
      <input data-testid="typed" defaultValue="" />
      <button data-testid="count" onClick={() => setClicks((n) => n + 1)}>
        {clicks}
      </button>
      <Probe />
    </div>
  );
}

function Shell({ enabled }: { enabled: boolean }) {
  const scroller = useRef<HTMLElement>(null);
  return (
    <main ref={scroller}>
      <KeepAliveOutlet scroller={scroller} enabled={enabled} />
    </main>
  );
}

function renderShell(start: string, enabled = true, strict = false) {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Shell enabled={enabled} />,
      children: [
        {
          path: 'a/:id',
          element: <FormPage />,
          handle: {
            title: 'A',
            meta: { id: 'a', fullName: 'A', icon: '', type: 2, moduleId: 'mod-a' },
          } satisfies RouteHandle,
        },
        { path: 'b', element: <FormPage />, handle: { title: 'B' } satisfies RouteHandle },
        { path: 'nocache', element: <FormPage />, handle: { title: 'N', noCache: true } satisfies RouteHandle },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [start] });
  const app = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

async function go(router: ReturnType<typeof createMemoryRouter>, to: string) {
  await act(async () => {
    await router.navigate(to);
  });
  await screen.findByTestId(`page-${to}`);
}

function type(text: string) {
  fireEvent.change(screen.getByTestId('typed'), { target: { value: text } });
}

const typed = () => (screen.getByTestId('typed') as HTMLInputElement).value;

describe('KeepAliveOutlet', () => {
  beforeEach(() => {
    seen = [];
    useTagsStore.getState().reset();
  });
  afterEach(() => {
    useTagsStore.getState().reset();
  });

  it('S1-2.4-17 keeps a visited page (input, state) across a switch of pages', async () => {
    const router = renderShell('/a/1');
    await screen.findByTestId('page-/a/1');
    type('hello');
    fireEvent.click(screen.getByTestId('count'));
    await go(router, '/b');
    expect(typed()).toBe('');
    await go(router, '/a/1');
    expect(typed()).toBe('hello');
    expect(screen.getByTestId('count').textContent).toBe('1');
  });

  it('works under StrictMode too (main.tsx renders the app in it)', async () => {
    const router = renderShell('/a/1', true, true);
    await screen.findByTestId('page-/a/1');
    type('strict');
    await go(router, '/b');
    expect(typed()).toBe('');
    await go(router, '/a/1');
    expect(typed()).toBe('strict');
  });

  it('keys pages by full path: another id or query is another page', async () => {
    const router = renderShell('/a/1');
    await screen.findByTestId('page-/a/1');
    type('one');
    await go(router, '/a/2');
    expect(typed()).toBe('');
    expect(screen.getByTestId('own-id').textContent).toBe('2');
    await go(router, '/a/1?tab=x');
    expect(typed()).toBe('');
    await go(router, '/a/1');
    expect(typed()).toBe('one');
  });

  it('gives a hidden page its own frozen route while the router is elsewhere', async () => {
    const router = renderShell('/a/1');
    await screen.findByTestId('page-/a/1');
    await go(router, '/a/2?q=1');
    // The hidden /a/1 page re-rendered (it reads useLocation in the probe) and still sees its route.
    const ofFirst = seen.filter((s) => s.own === '/a/1');
    const last = ofFirst[ofFirst.length - 1];
    expect(last).toEqual({ own: '/a/1', ownId: '1', moduleId: 'mod-a', live: '/a/2?q=1' });
    const ofSecond = seen.filter((s) => s.own === '/a/2?q=1');
    expect(ofSecond[ofSecond.length - 1]).toEqual({ own: '/a/2?q=1', ownId: '2', moduleId: 'mod-a', live: '/a/2?q=1' });
  });

  it('S1-2.4-17 does not keep a noCache page', async () => {
    const router = renderShell('/nocache');
    await screen.findByTestId('page-/nocache');
    type('gone');
    await go(router, '/b');
    await go(router, '/nocache');
    expect(typed()).toBe('');
  });

  it('drops the page of a closed tag', async () => {
    const router = renderShell('/a/1');
    await screen.findByTestId('page-/a/1');
    useTagsStore.getState().addView({ path: '/a/1', title: 'A' });
    type('kept until closed');
    await go(router, '/b');
    act(() => {
      useTagsStore.getState().delView('/a/1');
    });
    // Dropping happens on the next tick (keepalive-for-react destroys asynchronously).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await go(router, '/a/1');
    expect(typed()).toBe('');
  });

  it('drops the page of the current tag once it is left', async () => {
    const router = renderShell('/a/1');
    await screen.findByTestId('page-/a/1');
    useTagsStore.getState().addView({ path: '/a/1', title: 'A' });
    type('closing me');
    act(() => {
      useTagsStore.getState().delView('/a/1');
    });
    await go(router, '/b');
    await waitFor(async () => {
      await go(router, '/a/1');
      expect(typed()).toBe('');
    });
  });

  it('S1-2.4-11 renders a page anew on refresh', async () => {
    const router = renderShell('/a/1');
    await screen.findByTestId('page-/a/1');
    type('stale');
    await go(router, '/b');
    act(() => refreshCachedPage('/a/1'));
    await go(router, '/a/1');
    expect(typed()).toBe('');
  });

  it('keeps nothing with the cache off, and still gives pages their context', async () => {
    const router = renderShell('/a/1', false);
    await screen.findByTestId('page-/a/1');
    type('not kept');
    expect(screen.getByTestId('own-path').textContent).toBe('/a/1');
    await go(router, '/b');
    await go(router, '/a/1');
    expect(typed()).toBe('');
  });
});
