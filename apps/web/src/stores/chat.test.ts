import type { ChatMessage, MessageListFrame, ReceiveMessageFrame, SendMessageEchoFrame } from '@atrium/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, mockFetch } from '../test/helpers.ts';
import { HISTORY_PAGE_SIZE, LATEST_PAGE_SIZE, LINKS_REFRESH_MS, useChatStore } from './chat.ts';
import { useMessagesStore } from './messages.ts';

const store = () => useChatStore.getState();
const peer = { id: 'u2', realName: '曹鹏', account: 'caopeng', headIcon: null };
const record = (i: number, from = 'u2'): ChatMessage => ({
  id: `m${i}`,
  sendUserId: from,
  sendTime: 1000 + i,
  receiveUserId: from === 'u1' ? 'u2' : 'u1',
  receiveTime: null,
  content: `text ${i}`,
  contentType: 'text',
  state: 0,
});
const listFrame = (list: ChatMessage[]): MessageListFrame => ({
  method: 'messageList',
  list,
  pagination: { currentPage: 1, pageSize: list.length, total: list.length },
});
const receive = (
  f: Partial<ReceiveMessageFrame> & Pick<ReceiveMessageFrame, 'formUserId' | 'dateTime' | 'formMessage'>,
) =>
  ({
    method: 'receiveMessage',
    userId: 'u1',
    latestDate: f.dateTime,
    headIcon: '',
    realName: '',
    account: '',
    messageType: 'text',
    ...f,
  }) satisfies ReceiveMessageFrame;
const echo = (f: Partial<SendMessageEchoFrame> & Pick<SendMessageEchoFrame, 'toUserId' | 'dateTime' | 'toMessage'>) =>
  ({
    method: 'sendMessage',
    userId: 'u1',
    latestDate: f.dateTime,
    headIcon: '',
    realName: '',
    account: '',
    toAccount: '',
    toRealName: '',
    toHeadIcon: '',
    messageType: 'text',
    ...f,
  }) satisfies SendMessageEchoFrame;

describe('chat store', () => {
  let sent: Record<string, unknown>[];

  beforeEach(() => {
    store().reset();
    useMessagesStore.getState().reset();
    sent = [];
    store().setTransport((frame) => {
      sent.push(frame);
      return true;
    });
    store().setMe('u1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('S1-4-20 S1-7-39 S1-7-40 opening a conversation marks it read and asks for the latest 30, newest first; they show oldest first', () => {
    useChatStore.setState({
      conversations: [
        {
          id: 'u2',
          realName: '曹鹏',
          account: 'caopeng',
          headIcon: null,
          unreadMessage: 3,
          latestMessage: 'x',
          messageType: 'text',
          latestDate: 1,
        },
      ],
    });
    store().openConversation(peer);
    expect(sent).toEqual([
      { method: 'UpdateReadMessage', formUserId: 'u2' },
      {
        method: 'MessageList',
        toUserId: 'u2',
        formUserId: 'u1',
        currentPage: 1,
        pageSize: LATEST_PAGE_SIZE,
        sord: 'desc',
        keyword: '',
      },
    ]);
    expect(LATEST_PAGE_SIZE).toBe(30);
    expect(store().conversations[0].unreadMessage).toBe(0);
    store().onMessageList(listFrame([record(3), record(2), record(1)]));
    expect(store().messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(store().loadingMessages).toBe(false);
  });

  it('S1-5-19 S1-7-38 sends trimmed text; an empty or blank one is not sent', () => {
    store().openConversation(peer);
    sent = [];
    expect(store().sendText('   ')).toBe(false);
    expect(store().sendText('')).toBe(false);
    expect(sent).toEqual([]);
    expect(store().sendText('  hello [100]  ')).toBe(true);
    expect(sent).toEqual([
      { method: 'SendMessage', toUserId: 'u2', messageType: 'text', messageContent: 'hello [100]' },
    ]);
    expect(store().sendImage({ name: 'a.png', width: 10, height: 20 })).toBe(true);
    expect(sent[1]).toEqual({
      method: 'SendMessage',
      toUserId: 'u2',
      messageType: 'image',
      messageContent: { name: 'a.png', width: 10, height: 20 },
    });
  });

  it('S1-4-24 an incoming message of the open chat is appended and marked read', () => {
    store().openConversation(peer);
    store().onMessageList(listFrame([]));
    sent = [];
    store().onReceive(
      receive({
        formUserId: 'u2',
        userId: 'u1',
        dateTime: 5,
        messageType: 'text',
        formMessage: 'hi',
      }),
    );
    expect(store().messages).toEqual([{ sendUserId: 'u2', contentType: 'text', content: 'hi', sendTime: 5 }]);
    expect(sent).toEqual([{ method: 'UpdateReadMessage', formUserId: 'u2' }]);
    expect(useMessagesStore.getState().flash).toBe(false);
  });

  it('S1-4-25 S1-4-26 another chat: its unread count rises and the bell flashes; a new one is added at the top', () => {
    useChatStore.setState({
      conversations: [
        {
          id: 'u3',
          realName: 'A',
          account: 'a',
          headIcon: null,
          unreadMessage: 1,
          latestMessage: 'old',
          messageType: 'text',
          latestDate: 1,
        },
      ],
    });
    store().onReceive(
      receive({
        formUserId: 'u3',
        userId: 'u1',
        dateTime: 7,
        messageType: 'text',
        formMessage: 'again',
      }),
    );
    expect(store().conversations[0]).toMatchObject({
      id: 'u3',
      unreadMessage: 2,
      latestMessage: 'again',
      latestDate: 7,
    });
    expect(useMessagesStore.getState().flash).toBe(true);
    expect(store().unreadBySender).toEqual({ u3: 1 });
    store().onReceive(
      receive({
        formUserId: 'u4',
        userId: 'u1',
        dateTime: 8,
        realName: '孔慧',
        account: 'konghui',
        messageType: 'image',
        formMessage: '{"path":"/api/file/Image/IM/x.png"}',
      }),
    );
    expect(store().conversations.map((c) => c.id)).toEqual(['u4', 'u3']);
    expect(store().conversations[0]).toMatchObject({ realName: '孔慧', unreadMessage: 1, messageType: 'image' });
    expect(store().messages).toEqual([]);
  });

  it('S1-7-46 the echo of my own message shows in the open chat and updates the conversation', () => {
    store().openConversation(peer);
    store().onMessageList(listFrame([]));
    store().onSent(
      echo({
        userId: 'u1',
        toUserId: 'u2',
        dateTime: 9,
        messageType: 'text',
        toMessage: 'yo',
        toRealName: '曹鹏',
        toAccount: 'caopeng',
      }),
    );
    expect(store().messages).toEqual([{ sendUserId: 'u1', contentType: 'text', content: 'yo', sendTime: 9 }]);
    expect(store().conversations[0]).toMatchObject({
      id: 'u2',
      realName: '曹鹏',
      unreadMessage: 0,
      latestMessage: 'yo',
    });
  });

  it('S1-4-21 the history panel loads 50 a page ascending with the keyword, more until a short page', () => {
    store().openConversation(peer);
    store().onMessageList(listFrame([]));
    sent = [];
    store().toggleHistory();
    expect(sent).toEqual([
      {
        method: 'MessageList',
        toUserId: 'u2',
        formUserId: 'u1',
        currentPage: 1,
        pageSize: HISTORY_PAGE_SIZE,
        sord: 'asc',
        keyword: '',
      },
    ]);
    expect(HISTORY_PAGE_SIZE).toBe(50);
    const full = Array.from({ length: 50 }, (_, i) => record(i));
    store().onMessageList(listFrame(full));
    expect(store().history.list).toHaveLength(50);
    store().moreHistory();
    // A second call while the page is on its way asks nothing more.
    store().moreHistory();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ currentPage: 2, sord: 'asc' });
    store().onMessageList(listFrame([record(60)]));
    expect(store().history.list).toHaveLength(51);
    expect(store().history.done).toBe(true);
    store().moreHistory();
    expect(sent).toHaveLength(2);

    store().searchHistory(' text 1 ');
    expect(sent[2]).toMatchObject({ currentPage: 1, sord: 'asc', keyword: 'text 1' });
    store().toggleHistory();
    expect(store().history.open).toBe(false);
  });

  it('drops an answer for a conversation that was left meanwhile', () => {
    store().openConversation(peer);
    store().openConversation({ ...peer, id: 'u9' });
    store().onMessageList(listFrame([record(1)]));
    expect(store().messages).toEqual([]);
    store().onMessageList(listFrame([record(2, 'u9')]));
    expect(store().messages.map((m) => m.id)).toEqual(['m2']);
  });

  it('S1-4-28 delete chat record clears unread, latest message and type locally; remove drops it', () => {
    useChatStore.setState({
      conversations: [
        {
          id: 'u3',
          realName: 'A',
          account: 'a',
          headIcon: null,
          unreadMessage: 2,
          latestMessage: 'x',
          messageType: 'text',
          latestDate: 1,
        },
        {
          id: 'u4',
          realName: 'B',
          account: 'b',
          headIcon: null,
          unreadMessage: 0,
          latestMessage: 'y',
          messageType: 'text',
          latestDate: 1,
        },
      ],
    });
    store().clearConversation('u3');
    expect(store().conversations[0]).toMatchObject({ unreadMessage: 0, latestMessage: null, messageType: null });
    store().dropConversation('u4');
    expect(store().conversations.map((c) => c.id)).toEqual(['u3']);
  });

  it('after a reconnect it re-fetches the conversations and the open chat', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ list: [] })));
    useChatStore.setState({ conversationsLoaded: true });
    store().openConversation(peer);
    store().onDisconnected();
    sent = [];
    store().onConnected();
    expect(sent.map((f) => f.method)).toEqual(['UpdateReadMessage', 'MessageList']);
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/prod/api/message/imreply')).toBe(true));
    // The answer to the request sent before the drop never comes; the new one is matched.
    store().onMessageList(listFrame([record(1)]));
    expect(store().messages).toHaveLength(1);
  });

  it('initMessage counts replace the unread of the listed conversations (the open one stays read)', () => {
    useChatStore.setState({
      conversations: [
        {
          id: 'u3',
          realName: 'A',
          account: 'a',
          headIcon: null,
          unreadMessage: 2,
          latestMessage: 'x',
          messageType: 'text',
          latestDate: 1,
        },
        {
          id: 'u2',
          realName: 'B',
          account: 'b',
          headIcon: null,
          unreadMessage: 0,
          latestMessage: 'y',
          messageType: 'text',
          latestDate: 1,
        },
      ],
    });
    store().openConversation(peer);
    store().applyUnreadNums([
      { sendUserId: 'u2', unreadNum: 4, defaultMessage: '', defaultMessageType: 'text', defaultMessageTime: 1 },
    ]);
    expect(store().conversations.map((c) => c.unreadMessage)).toEqual([0, 0]);
    // The chat badge counts from initMessage even before any list is loaded.
    store().closeConversation();
    store().applyUnreadNums([
      { sendUserId: 'u2', unreadNum: 4, defaultMessage: '', defaultMessageType: 'text', defaultMessageTime: 1 },
      { sendUserId: 'u5', unreadNum: 1, defaultMessage: '', defaultMessageType: 'text', defaultMessageTime: 1 },
    ]);
    expect(store().unreadBySender).toEqual({ u2: 4, u5: 1 });
    store().openConversation(peer);
    expect(store().unreadBySender).toEqual({ u2: 0, u5: 1 });
  });

  it('an image that fails to load asks for the open conversation again (fresh links), at most once per 30 s', () => {
    vi.useFakeTimers();
    try {
      store().openConversation(peer);
      store().onMessageList(listFrame([record(1)]));
      store().toggleHistory();
      store().onMessageList(listFrame([record(1)]));
      sent.length = 0;
      store().refreshLinks();
      expect(sent.map((f) => f.method)).toEqual(['UpdateReadMessage', 'MessageList', 'MessageList']);
      expect(sent.filter((f) => f.method === 'MessageList').map((f) => f.currentPage)).toEqual([1, 1]);
      const fresh = { ...record(1), content: '{"name":"a.png","path":"/api/file/Image/IM/a.png?ticket=new"}' };
      store().onMessageList(listFrame([fresh]));
      store().onMessageList(listFrame([fresh]));
      expect(store().messages[0]!.content).toContain('ticket=new');
      expect(store().history.list[0]!.content).toContain('ticket=new');
      // Another failure soon after (an image that cannot load at all) asks nothing more.
      sent.length = 0;
      store().refreshLinks();
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(LINKS_REFRESH_MS);
      store().refreshLinks();
      expect(sent.map((f) => f.method)).toEqual(['UpdateReadMessage', 'MessageList', 'MessageList']);
      // Nothing open: nothing to ask.
      store().closeConversation();
      sent.length = 0;
      vi.advanceTimersByTime(LINKS_REFRESH_MS);
      store().refreshLinks();
      expect(sent).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
