import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, headerOf, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { NOTICE_DIALOG_WIDTH, NoticeViewDialog } from './notice-view-dialog.tsx';

describe('notice view dialog', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('S1-2.4-21 S1-4-15 S1-9-04 S1-3-10 shows title, sender, time, the rich body and the attachments, 80% wide', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          id: 'n1',
          title: 'Annual check-up',
          type: 1,
          isRead: '1',
          releaseTime: new Date(2026, 0, 5, 9, 30).getTime(),
          releaseUser: 'Admin/admin',
          bodyText: '<p>See you <b>Friday</b></p>',
          files: JSON.stringify([
            { name: 'plan.pdf', fileId: 'f1', url: '/api/file/Annex/f1.pdf?fullName=plan.pdf&ticket=1a.dTE.sig' },
          ]),
        }),
      ),
    );
    const onRead = vi.fn();
    render(<NoticeViewDialog messageId="n1" onClose={() => undefined} onRead={onRead} />);
    const view = await screen.findByTestId('notice-view');
    expect(calls[0].url.pathname).toBe('/prod/api/message/ReadInfo/n1');
    expect(view.textContent).toContain('Annual check-up');
    expect(view.textContent).toContain('Admin/admin');
    expect(view.textContent).toContain('2026-01-05 09:30');
    const body = screen.getByTestId('notice-view-body');
    expect(body.querySelector('b')?.textContent).toBe('Friday');
    // DOMPurify itself is not exercised here: happy-dom's DOM lets it keep what a browser's removes.
    const link = screen.getByText('plan.pdf').closest('a')!;
    // The link is the one the server handed out (named, with its ticket), under the API base.
    expect(link.getAttribute('href')).toBe('/prod/api/file/Annex/f1.pdf?fullName=plan.pdf&ticket=1a.dTE.sig');
    await waitFor(() => expect(onRead).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' }), expect.any(Number)));
    expect(NOTICE_DIALOG_WIDTH).toBe('80%');
  });

  it('S1-3-10 downloads an attachment through its link; a refused link shows the server message and fetches fresh links', async () => {
    const feedback = mockFeedback();
    let reads = 0;
    const detail = (ticket: string) =>
      envelope({
        id: 'n2',
        title: 'With a file',
        type: 1,
        isRead: '1',
        releaseTime: 1,
        releaseUser: 'Admin/admin',
        bodyText: '<p>x</p>',
        files: JSON.stringify([
          { name: 'plan.pdf', fileId: 'f1', url: `/api/file/Annex/f1.pdf?fullName=plan.pdf&ticket=${ticket}` },
        ]),
      });
    const { calls } = mockFetch((url) => {
      if (url.pathname === '/prod/api/message/ReadInfo/n2') return jsonResponse(detail(reads++ === 0 ? 'old' : 'new'));
      if (url.searchParams.get('ticket') === 'old')
        return jsonResponse({ code: 403, msg: 'This file link has expired; refresh and open the file again' }, 403);
      return new Response('the plan', {
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': "attachment; filename*=UTF-8''plan.pdf",
        },
      });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:plan');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.getAttribute('href')} ${this.download}`);
    });
    render(<NoticeViewDialog messageId="n2" onClose={() => undefined} />);
    await screen.findByTestId('notice-view');

    // The old link is refused: the server's message, no download, the detail again with fresh links.
    fireEvent.click(screen.getByText('plan.pdf'));
    await waitFor(() =>
      expect(feedback.message.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'This file link has expired; refresh and open the file again' }),
      ),
    );
    const fetched = calls.find((c) => c.url.searchParams.get('ticket') === 'old')!;
    expect(fetched.url.pathname).toBe('/prod/api/file/Annex/f1.pdf');
    expect(headerOf(fetched.init, 'authorization')).toBeUndefined();
    await waitFor(() =>
      expect(screen.getByText('plan.pdf').closest('a')!.getAttribute('href')).toContain('ticket=new'),
    );
    expect(clicks).toEqual([]);

    // The fresh link downloads the file under its name.
    fireEvent.click(screen.getByText('plan.pdf'));
    await waitFor(() => expect(clicks).toEqual(['blob:plan plan.pdf']));
    expect(feedback.message.error).toHaveBeenCalledTimes(1);
  });
});
