import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { useChatStore } from '../../stores/chat.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { sendImageFile } from './chat-dialog.tsx';
import { CONTACT_PAGE_SIZE, ContactList } from './contact-list.tsx';
import { relativeTimeText } from './relative-time-text.ts';

const contacts = (total: number) =>
  mockFetch((url) => {
    if (url.pathname !== '/prod/api/permission/Users/ImUser') return jsonResponse(envelope(null));
    const page = Number(url.searchParams.get('currentPage'));
    const size = Number(url.searchParams.get('pageSize'));
    const all = Array.from({ length: total }, (_, i) => ({
      id: `u${i + 1}`,
      fullName: `User ${i + 1}/user${i + 1}`,
      realName: `User ${i + 1}`,
      account: `user${i + 1}`,
      headIcon: '',
      department: 'Sales',
    }));
    return jsonResponse(
      envelope({
        list: all.slice((page - 1) * size, page * size),
        pagination: { currentPage: page, pageSize: size, total },
      }),
    );
  });

function scrollContacts(fromBottom: number) {
  const box = screen.getByTestId('chat-contacts');
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 3000 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 600 });
  Object.defineProperty(box, 'scrollTop', { configurable: true, value: 2400 - fromBottom });
  fireEvent.scroll(box);
}

describe('chat components', { timeout: 20_000 }, () => {
  let feedback: ReturnType<typeof mockFeedback>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    feedback = mockFeedback();
    useChatStore.getState().reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('S1-4-23 S1-7-35 contacts load 20 at a time, the next page within 300 px of the bottom', async () => {
    const { calls } = contacts(30);
    const onOpen = vi.fn();
    render(<ContactList onOpen={onOpen} />);
    await screen.findByTestId('chat-contact-user20');
    expect(CONTACT_PAGE_SIZE).toBe(20);
    expect(Object.fromEntries(calls[0].url.searchParams)).toMatchObject({
      keyword: '',
      currentPage: '1',
      pageSize: '20',
    });
    scrollContacts(301);
    expect(calls).toHaveLength(1);
    scrollContacts(300);
    await screen.findByTestId('chat-contact-user30');
    scrollContacts(0);
    expect(calls).toHaveLength(2);
    fireEvent.click(screen.getByTestId('chat-contact-user3'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'u3', realName: 'User 3', account: 'user3' }));
  });

  it('S1-5-21 S1-8-09 an image of 5 MB or more is refused with its message and nothing is uploaded', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ name: 'x.png', url: '/api/file/Image/IM/x.png' })));
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    expect(await sendImageFile(big, i18n.t)).toBe(false);
    expect(feedback.message.error).toHaveBeenCalledWith('image size cannot exceed 5M');
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    expect(await sendImageFile(pdf, i18n.t)).toBe(false);
    expect(feedback.message.error).toHaveBeenLastCalledWith('Only image files can be sent');
    expect(calls).toHaveLength(0);
  });

  it('S1-7-48 an accepted image is uploaded to the IM path first, then sent with its name and size', async () => {
    const sent: Record<string, unknown>[] = [];
    useChatStore.getState().setTransport((frame) => {
      sent.push(frame);
      return true;
    });
    useChatStore.setState({ active: { id: 'u2', realName: 'B', account: 'b', headIcon: null } });
    // happy-dom decodes no images: a stand-in reports the size the browser would.
    vi.stubGlobal(
      'Image',
      class {
        naturalWidth = 40;
        naturalHeight = 30;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(_: string) {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    const { calls } = mockFetch(() => jsonResponse(envelope({ name: 'x.png', url: '/api/file/Image/IM/x.png' })));
    const small = new File([new Uint8Array(100)], 'small.png', { type: 'image/png' });
    const done = sendImageFile(small, i18n.t);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.pathname).toBe('/prod/api/file/Uploader/IM');
    expect(calls[0].init.body).toBeInstanceOf(FormData);
    await done;
    expect(sent).toEqual([
      {
        method: 'SendMessage',
        toUserId: 'u2',
        messageType: 'image',
        messageContent: expect.objectContaining({ name: 'x.png' }),
      },
    ]);
  });

  it('S1-9-12 conversation times read relative in the language', () => {
    const now = new Date(2026, 10, 22, 12, 0).getTime();
    expect(relativeTimeText(i18n.t, now - 10_000, now)).toBe('just now');
    expect(relativeTimeText(i18n.t, now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTimeText(i18n.t, now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(relativeTimeText(i18n.t, now - 2 * 86_400_000, now)).toBe('2 d ago');
    expect(relativeTimeText(i18n.t, new Date(2025, 0, 2, 8, 5).getTime(), now)).toBe('2025-01-02 08:05');
    expect(relativeTimeText(i18n.t, null, now)).toBe('');
  });
});
