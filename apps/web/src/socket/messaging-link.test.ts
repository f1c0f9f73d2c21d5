import type { InitMessageFrame } from '@atrium/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../stores/chat.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { envelope, jsonResponse, mockFetch } from '../test/helpers.ts';
import { LiveSocket, type SocketLike } from './live-socket.ts';
import { linkMessaging } from './messaging-link.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  frame(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

const init = (over: Partial<InitMessageFrame> = {}): InitMessageFrame => ({
  method: 'initMessage',
  onlineUsers: [],
  unreadNums: [],
  unreadNoticeCount: 2,
  unreadMessageCount: 1,
  unreadSystemMessageCount: 0,
  unreadTotalCount: 3,
  userId: 'u1',
  ...over,
});

describe('messaging over the live socket', () => {
  let sockets: FakeSocket[];
  let socket: LiveSocket;
  let unlink: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    useMessagesStore.getState().reset();
    useChatStore.getState().reset();
    sockets = [];
    socket = new LiveSocket({
      url: () => 'ws://test',
      createSocket: () => {
        const fake = new FakeSocket();
        sockets.push(fake);
        return fake;
      },
      random: () => 0.5,
    });
    unlink = linkMessaging(socket);
    socket.start('Bearer t');
    sockets[0].open();
  });
  afterEach(() => {
    unlink();
    socket.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('S1-4-29 S1-7-41 initMessage sets the unread total and the flash flag (unread chat)', () => {
    sockets[0].frame(
      init({
        unreadNums: [
          { sendUserId: 'u2', unreadNum: 2, defaultMessage: 'x', defaultMessageType: 'text', defaultMessageTime: 1 },
        ],
      }),
    );
    expect(useMessagesStore.getState().unreadTotal).toBe(3);
    expect(useMessagesStore.getState().flash).toBe(true);
    expect(useChatStore.getState().me).toBe('u1');
    sockets[0].frame(init({ unreadTotalCount: 1 }));
    expect(useMessagesStore.getState().unreadTotal).toBe(1);
    expect(useMessagesStore.getState().flash).toBe(false);
  });

  it('S1-4-30 S1-7-42 messagePush raises the count live', () => {
    sockets[0].frame(init());
    sockets[0].frame({
      method: 'messagePush',
      unreadNoticeCount: 1,
      messageType: 1,
      userId: 'u9',
      toUserId: '',
      title: 'N',
      messageDefaultTime: 1,
    });
    expect(useMessagesStore.getState().unreadTotal).toBe(4);
    expect(useMessagesStore.getState().unread.notice).toBe(3);
  });

  it('S1-7-38 the chat store sends through the socket with the token', () => {
    sockets[0].frame(init());
    useChatStore.getState().openConversation({ id: 'u2', realName: 'B', account: 'b', headIcon: null });
    expect(sockets[0].sent.map((f) => f.method)).toEqual(['OnConnection', 'UpdateReadMessage', 'MessageList']);
    expect(sockets[0].sent[1]).toEqual({ method: 'UpdateReadMessage', formUserId: 'u2', token: 'Bearer t' });
    sockets[0].frame({
      method: 'receiveMessage',
      formUserId: 'u2',
      userId: 'u1',
      dateTime: 5,
      latestDate: 5,
      headIcon: '',
      realName: 'B',
      account: 'b',
      messageType: 'text',
      formMessage: 'hi',
    });
    expect(useChatStore.getState().messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('after a reconnect it re-fetches what was missed, once per connection (not on later initMessage pushes)', async () => {
    mockFetch(() => jsonResponse(envelope({ list: [] })));
    sockets[0].frame(init());
    useChatStore.getState().openConversation({ id: 'u2', realName: 'B', account: 'b', headIcon: null });
    // A read in another tab pushes initMessage again: no re-fetch (it would loop with UpdateReadMessage).
    sockets[0].frame(init());
    expect(sockets[0].sent.filter((f) => f.method === 'MessageList')).toHaveLength(1);
    const version = useMessagesStore.getState().listVersion;

    sockets[0].drop();
    vi.advanceTimersByTime(1000);
    sockets[1].open();
    sockets[1].frame(init({ unreadTotalCount: 7 }));
    expect(useMessagesStore.getState().unreadTotal).toBe(7);
    expect(sockets[1].sent.map((f) => f.method)).toEqual(['OnConnection', 'UpdateReadMessage', 'MessageList']);
    expect(useMessagesStore.getState().listVersion).toBe(version + 1);
    sockets[1].frame(init());
    expect(sockets[1].sent).toHaveLength(3);
  });
});
