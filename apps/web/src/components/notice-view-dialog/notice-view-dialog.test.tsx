import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFetch } from '../../test/helpers.ts';
import { NOTICE_DIALOG_WIDTH, NoticeViewDialog } from './notice-view-dialog.tsx';

describe('notice view dialog', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.unstubAllGlobals());

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
          files: JSON.stringify([{ name: 'plan.pdf', fileId: 'f1', url: '/api/file/Download/x/plan.pdf' }]),
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
    // The download is named after the attachment (GET /api/file/Download/{a}/{b}?fullName).
    expect(link.getAttribute('href')).toBe('/prod/api/file/Download/x/plan.pdf?fullName=plan.pdf');
    await waitFor(() => expect(onRead).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' })));
    expect(NOTICE_DIALOG_WIDTH).toBe('80%');
  });
});
