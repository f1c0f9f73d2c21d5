import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch, mockNavigator } from '../../test/helpers.ts';
import { DRAWER_PAGE_SIZE, MessageDrawer } from './message-drawer.tsx';

const item = (i: number, type = 1) => ({
  id: `m${i}`,
  title: `Message ${i}`,
  type,
  isRead: '0',
  flowType: null,
  releaseTime: 1_700_000_000_000,
  releaseUser: 'Admin/admin',
  excerpt: '',
});

/** Serves `total` messages in pages; ReadInfo answers `bodies[id]`. */
function serve(total: number, bodies: Record<string, string> = {}) {
  return mockFetch((url, init) => {
    if (url.pathname === '/prod/api/message') {
      const page = Number(url.searchParams.get('currentPage'));
      const size = Number(url.searchParams.get('pageSize'));
      const type = url.searchParams.get('type') === '2' ? 2 : 1;
      const all = Array.from({ length: total }, (_, i) => item(i + 1, type));
      return jsonResponse(
        envelope({
          list: all.slice((page - 1) * size, page * size),
          pagination: { currentPage: page, pageSize: size, total },
        }),
      );
    }
    if (url.pathname.startsWith('/prod/api/message/ReadInfo/')) {
      const id = url.pathname.split('/').pop()!;
      return jsonResponse(envelope({ ...item(Number(id.slice(1)), 2), bodyText: bodies[id] ?? '', files: '[]' }));
    }
    if (url.pathname === '/prod/api/message/Actions/ReadAll' && init.method === 'POST')
      return jsonResponse(
        envelope(
          { unreadNoticeCount: 0, unreadMessageCount: 0, unreadSystemMessageCount: 0, unreadTotalCount: 0 },
          200,
          'All marked as read',
        ),
      );
    return jsonResponse(envelope(null));
  });
}

const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/prod/api/message');

/** Puts the list's scroll box `fromBottom` px above its bottom and fires the scroll event. */
function scrollTo(fromBottom: number) {
  const box = screen.getByTestId('message-drawer-list');
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 500 });
  Object.defineProperty(box, 'scrollTop', { configurable: true, value: 1500 - fromBottom });
  fireEvent.scroll(box);
}

describe('message drawer', { timeout: 20_000 }, () => {
  let feedback: ReturnType<typeof mockFeedback>;
  let nav: ReturnType<typeof mockNavigator>;

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    useMessagesStore.getState().reset();
    feedback = mockFeedback();
    nav = mockNavigator('/home');
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = () => {
    render(<MessageDrawer />);
    act(() => useMessagesStore.getState().setDrawerOpen(true));
  };

  it('S1-4-10 S1-4-11 S1-4-13 S1-4-14 loads 20 unread at a time, the next page within 200 px of the bottom, and stops after a short page', async () => {
    const { calls } = serve(45);
    open();
    await screen.findByTestId('message-item-m20');
    expect(DRAWER_PAGE_SIZE).toBe(20);
    const first = listCalls(calls)[0].url.searchParams;
    expect(Object.fromEntries(first)).toMatchObject({
      currentPage: '1',
      pageSize: '20',
      isRead: '0',
      type: '',
      sort: 'desc',
    });

    scrollTo(201);
    expect(listCalls(calls)).toHaveLength(1);
    scrollTo(200);
    await screen.findByTestId('message-item-m40');
    expect(listCalls(calls)[1].url.searchParams.get('currentPage')).toBe('2');
    scrollTo(0);
    await screen.findByTestId('message-item-m45');
    expect(await screen.findByTestId('message-drawer-end')).toBeTruthy();
    // Page 3 had 5 rows (< 20): nothing more is asked for.
    scrollTo(0);
    scrollTo(0);
    expect(listCalls(calls)).toHaveLength(3);
  });

  it('S1-4-12 turning "unread only" off reloads from page 1 without the read filter', async () => {
    const { calls } = serve(45);
    open();
    await screen.findByTestId('message-item-m20');
    scrollTo(0);
    await screen.findByTestId('message-item-m40');
    fireEvent.click(screen.getByTestId('message-unread-only'));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    const last = listCalls(calls)[2].url.searchParams;
    expect(last.get('currentPage')).toBe('1');
    expect(last.get('isRead')).toBe('');
    await waitFor(() => expect(screen.queryByTestId('message-item-m40')).toBeNull());
  });

  it('S1-4-16 a flow message closes the drawer and opens its flow detail; S1-4-17 an empty body opens nothing', async () => {
    useMessagesStore.getState().setCounts({ unreadMessageCount: 2, unreadTotalCount: 2 });
    serve(2, { m1: '{"flowId":"f1"}' });
    open();
    fireEvent.click(await screen.findByText('Flow'));
    fireEvent.click(await screen.findByTestId('message-item-m2'));
    await waitFor(() => expect(useMessagesStore.getState().unreadTotal).toBe(1));
    expect(nav.navigate).not.toHaveBeenCalled();
    expect(useMessagesStore.getState().drawerOpen).toBe(true);

    fireEvent.click(screen.getByTestId('message-item-m1'));
    await waitFor(() => expect(nav.navigate).toHaveBeenCalledTimes(1));
    const path = nav.navigate.mock.calls[0][0] as string;
    expect(path).toBe(`/workFlowDetail?config=${encodeURIComponent(btoa('{"flowId":"f1"}'))}`);
    expect(useMessagesStore.getState().drawerOpen).toBe(false);
    expect(useMessagesStore.getState().unreadTotal).toBe(0);
  });

  it('S1-5-23 S1-8-20 S1-8-18 mark all read asks first, then shows the server message for 1.5 s and clears the count', async () => {
    useMessagesStore.getState().setCounts({ unreadNoticeCount: 5, unreadTotalCount: 5 });
    const { calls } = serve(3);
    open();
    await screen.findByTestId('message-item-m3');
    fireEvent.click(screen.getByTestId('message-read-all'));
    expect(feedback.modal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Are you sure to mark all as read?' }),
    );
    const { onOk } = feedback.modal.confirm.mock.calls[0][0] as { onOk: () => void };
    act(() => onOk());
    await waitFor(() =>
      expect(feedback.message.success).toHaveBeenCalledWith({ content: 'All marked as read', duration: 1.5 }),
    );
    const post = calls.find((c) => c.url.pathname === '/prod/api/message/Actions/ReadAll')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ keyword: '', type: '', isRead: '0' });
    expect(useMessagesStore.getState().unreadTotal).toBe(0);
    await waitFor(() => expect(screen.getByTestId('message-item-m1').dataset.unread).toBe('false'));
  });

  it('a cancelled confirmation marks nothing', async () => {
    const { calls } = serve(1);
    open();
    await screen.findByTestId('message-item-m1');
    fireEvent.click(screen.getByTestId('message-read-all'));
    const { onCancel } = feedback.modal.confirm.mock.calls[0][0] as { onCancel: () => void };
    act(() => onCancel());
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.url.pathname.endsWith('/ReadAll'))).toBe(false);
  });

  it('S1-4-30 a push reloads the open list from page 1', async () => {
    const { calls } = serve(3);
    open();
    await screen.findByTestId('message-item-m3');
    act(() => useMessagesStore.getState().pushed(1));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(useMessagesStore.getState().unreadTotal).toBe(1);
  });
});
