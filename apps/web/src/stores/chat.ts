import type { MessageListFrame, ReceiveMessageFrame, SendMessageEchoFrame, UnreadNum } from '@atrium/shared';
import { create } from 'zustand';
import { listConversations, type ChatContact, type Conversation } from '../api/chat.ts';
import type { ChatRecord } from '../socket/chat-frames.ts';
import { useMessagesStore } from './messages.ts';

/** A conversation opens with the latest 30; history pages hold 50. */
export const LATEST_PAGE_SIZE = 30;
export const HISTORY_PAGE_SIZE = 50;
/** Fresh image links are asked for at most this often. */
export const LINKS_REFRESH_MS = 30_000;

/** The other party of the open conversation. */
export type ChatPeer = Pick<ChatContact, 'id' | 'realName' | 'account' | 'headIcon'>;

/** Sends a client frame on the tab's socket (the token is added there); false when it is not open. */
export type ChatTransport = (frame: { method: string; [field: string]: unknown }) => boolean;

export interface HistoryState {
  open: boolean;
  keyword: string;
  list: ChatRecord[];
  /** Last page asked for. */
  page: number;
  /** A short page arrived: there is nothing more. */
  done: boolean;
  loading: boolean;
}

/** A MessageList request waiting for its answer; answers come back in the order asked. */
interface PendingList {
  purpose: 'latest' | 'history';
  peerId: string;
  /** The history query it belongs to (a newer search makes it stale). */
  generation: number;
}

export interface ChatState {
  /** The signed-in user's id, from initMessage. */
  me: string | null;
  drawerOpen: boolean;
  conversations: Conversation[];
  conversationsLoaded: boolean;
  /** Unread chat messages per sender (the chat badge), known from initMessage before any list loads. */
  unreadBySender: Record<string, number>;
  /** The open conversation (chat dialog), null when none. */
  active: ChatPeer | null;
  /** Its messages, oldest first. */
  messages: ChatRecord[];
  loadingMessages: boolean;
  history: HistoryState;

  setTransport(send: ChatTransport): void;
  setMe(userId: string): void;
  setDrawerOpen(open: boolean): void;
  loadConversations(): Promise<void>;
  /** Opens a conversation: marks it read and loads its latest 30 messages. */
  openConversation(peer: ChatPeer): void;
  closeConversation(): void;
  /** Sends a text (trimmed; an empty one is not sent) or an uploaded image. Returns whether it went out. */
  sendText(text: string): boolean;
  sendImage(image: { name: string; width: number; height: number }): boolean;
  toggleHistory(): void;
  searchHistory(keyword: string): void;
  moreHistory(): void;
  /** Context menu 'remove': the conversation leaves the list. */
  dropConversation(peerId: string): void;
  /** Context menu 'delete chat record' after the server cleared it: unread, latest message and type go. */
  clearConversation(peerId: string): void;
  onReceive(frame: ReceiveMessageFrame): void;
  onSent(frame: SendMessageEchoFrame): void;
  onMessageList(frame: MessageListFrame): void;
  /** initMessage: the unread chat per sender, as the server counts it now (other tabs read too). */
  applyUnreadNums(unreadNums: readonly UnreadNum[]): void;
  /** The socket (re)connected: re-fetch what may have been missed while it was away. */
  onConnected(): void;
  /**
   * An image of the open chat did not load: its link (a short-lived ticket) may have expired while the
   * chat stayed open. The open conversation (and history) is asked for again, so each image comes with
   * a fresh link; at most once per LINKS_REFRESH_MS, so an image that cannot load does not loop.
   */
  refreshLinks(): void;
  /** The socket went away: answers to the requests in flight will never come. */
  onDisconnected(): void;
  reset(): void;
}

const closedHistory: HistoryState = { open: false, keyword: '', list: [], page: 0, done: false, loading: false };

const initial = {
  me: null,
  drawerOpen: false,
  conversations: [] as Conversation[],
  conversationsLoaded: false,
  unreadBySender: {} as Record<string, number>,
  active: null,
  messages: [] as ChatRecord[],
  loadingMessages: false,
  history: closedHistory,
};

export const useChatStore = create<ChatState>()((set, get) => {
  let transport: ChatTransport = () => false;
  let pending: PendingList[] = [];
  // Bumped by every history search or close: answers of an older one are dropped.
  let historyGeneration = 0;
  // Bumped on every conversations load: a slower older answer must not overwrite a newer one.
  let conversationsCall = 0;
  // When fresh image links were last asked for.
  let linksRefreshedAt = -Infinity;

  function requestList(peerId: string, purpose: PendingList['purpose'], page: number, keyword: string) {
    const me = get().me;
    const sent = transport({
      method: 'MessageList',
      toUserId: peerId,
      formUserId: me ?? '',
      currentPage: page,
      pageSize: purpose === 'latest' ? LATEST_PAGE_SIZE : HISTORY_PAGE_SIZE,
      sord: purpose === 'latest' ? 'desc' : 'asc',
      keyword,
    });
    if (sent) pending.push({ purpose, peerId, generation: historyGeneration });
    return sent;
  }

  function loadLatest(peer: ChatPeer) {
    transport({ method: 'UpdateReadMessage', formUserId: peer.id });
    const sent = requestList(peer.id, 'latest', 1, '');
    set({ loadingMessages: sent });
  }

  function loadHistoryPage(page: number) {
    const { active, history } = get();
    if (!active) return;
    const sent = requestList(active.id, 'history', page, history.keyword);
    set({ history: { ...get().history, page, loading: sent } });
  }

  /** Updates (or adds at the top) the conversation with `peerId`. */
  function touchConversation(
    peerId: string,
    change: Partial<Conversation>,
    newcomer: () => Conversation,
    unreadDelta: number,
  ) {
    const list = get().conversations;
    const index = list.findIndex((c) => c.id === peerId);
    if (index < 0) {
      set({ conversations: [{ ...newcomer(), ...change, unreadMessage: unreadDelta }, ...list] });
      return;
    }
    const current = list[index];
    const next = [...list];
    next[index] = { ...current, ...change, unreadMessage: current.unreadMessage + unreadDelta };
    set({ conversations: next });
  }

  /** The open conversation (and its history panel, from page 1) asked for again. */
  function reloadOpen() {
    const { active, history } = get();
    if (!active) return;
    loadLatest(active);
    if (history.open) {
      historyGeneration += 1;
      set({ history: { ...history, list: [], page: 0, done: false } });
      loadHistoryPage(1);
    }
  }

  function latestOf(messageType: string, content: string, time: number): Partial<Conversation> {
    return { latestMessage: content, messageType, latestDate: time };
  }

  return {
    ...initial,
    setTransport(send) {
      transport = send;
    },
    setMe(userId) {
      set({ me: userId });
    },
    setDrawerOpen(open) {
      set({ drawerOpen: open });
      if (open) void get().loadConversations();
    },
    async loadConversations() {
      const call = ++conversationsCall;
      try {
        const list = await listConversations();
        if (call !== conversationsCall) return;
        const active = get().active;
        // The open conversation is being read: its count stays 0 whatever the server counted.
        const conversations = active ? list.map((c) => (c.id === active.id ? { ...c, unreadMessage: 0 } : c)) : list;
        set({
          conversations,
          conversationsLoaded: true,
          unreadBySender: Object.fromEntries(conversations.map((c) => [c.id, c.unreadMessage])),
        });
      } catch {
        // A list call failure only stops loading.
        if (call === conversationsCall) set({ conversationsLoaded: true });
      }
    },
    openConversation(peer) {
      historyGeneration += 1;
      set({
        active: peer,
        messages: [],
        history: closedHistory,
        conversations: get().conversations.map((c) => (c.id === peer.id ? { ...c, unreadMessage: 0 } : c)),
        unreadBySender: { ...get().unreadBySender, [peer.id]: 0 },
      });
      loadLatest(peer);
    },
    closeConversation() {
      historyGeneration += 1;
      set({ active: null, messages: [], loadingMessages: false, history: closedHistory });
    },
    sendText(text) {
      const content = text.trim();
      const active = get().active;
      if (!content || !active) return false;
      return transport({ method: 'SendMessage', toUserId: active.id, messageType: 'text', messageContent: content });
    },
    sendImage(image) {
      const active = get().active;
      if (!active) return false;
      return transport({ method: 'SendMessage', toUserId: active.id, messageType: 'image', messageContent: image });
    },
    toggleHistory() {
      historyGeneration += 1;
      if (get().history.open) {
        set({ history: closedHistory });
        return;
      }
      set({ history: { ...closedHistory, open: true } });
      loadHistoryPage(1);
    },
    searchHistory(keyword) {
      historyGeneration += 1;
      set({ history: { ...closedHistory, open: true, keyword: keyword.trim() } });
      loadHistoryPage(1);
    },
    moreHistory() {
      const { history } = get();
      if (!history.open || history.loading || history.done) return;
      loadHistoryPage(history.page + 1);
    },
    dropConversation(peerId) {
      // The records (and their unread state) stay on the server; only the list entry goes.
      set({ conversations: get().conversations.filter((c) => c.id !== peerId) });
    },
    clearConversation(peerId) {
      set({
        unreadBySender: { ...get().unreadBySender, [peerId]: 0 },
        conversations: get().conversations.map((c) =>
          c.id === peerId ? { ...c, unreadMessage: 0, latestMessage: null, messageType: null } : c,
        ),
      });
      if (get().active?.id === peerId) set({ messages: [], history: { ...get().history, list: [], done: true } });
    },
    onReceive(frame) {
      const record: ChatRecord = {
        sendUserId: frame.formUserId,
        contentType: frame.messageType,
        content: frame.formMessage,
        sendTime: frame.dateTime,
      };
      const change = latestOf(frame.messageType, frame.formMessage, frame.latestDate ?? frame.dateTime);
      const newcomer = (): Conversation => ({
        id: frame.formUserId,
        realName: frame.realName ?? '',
        account: frame.account ?? '',
        headIcon: frame.headIcon ?? null,
        unreadMessage: 0,
        latestMessage: null,
        messageType: null,
        latestDate: null,
      });
      if (get().active?.id === frame.formUserId) {
        // The open chat: shown at once and read at once.
        set({ messages: [...get().messages, record] });
        transport({ method: 'UpdateReadMessage', formUserId: frame.formUserId });
        touchConversation(frame.formUserId, change, newcomer, 0);
        return;
      }
      touchConversation(frame.formUserId, change, newcomer, 1);
      const unread = get().unreadBySender;
      set({ unreadBySender: { ...unread, [frame.formUserId]: (unread[frame.formUserId] ?? 0) + 1 } });
      useMessagesStore.getState().setFlash(true);
    },
    onSent(frame) {
      const record: ChatRecord = {
        sendUserId: frame.userId,
        contentType: frame.messageType,
        content: frame.toMessage,
        sendTime: frame.dateTime,
      };
      if (get().active?.id === frame.toUserId) set({ messages: [...get().messages, record] });
      touchConversation(
        frame.toUserId,
        latestOf(frame.messageType, frame.toMessage, frame.latestDate ?? frame.dateTime),
        () => ({
          id: frame.toUserId,
          realName: frame.toRealName ?? '',
          account: frame.toAccount ?? '',
          headIcon: frame.toHeadIcon ?? null,
          unreadMessage: 0,
          latestMessage: null,
          messageType: null,
          latestDate: null,
        }),
        0,
      );
    },
    onMessageList(frame) {
      const request = pending.shift();
      if (!request) return;
      const { active, history } = get();
      if (!active || active.id !== request.peerId) return;
      const list = Array.isArray(frame.list) ? frame.list : [];
      if (request.purpose === 'latest') {
        // Asked newest first (desc); shown oldest first.
        set({ messages: [...list].reverse(), loadingMessages: false });
        return;
      }
      if (request.generation !== historyGeneration || !history.open) return;
      set({
        history: {
          ...history,
          list: history.page <= 1 ? list : [...history.list, ...list],
          loading: false,
          done: list.length < HISTORY_PAGE_SIZE,
        },
      });
    },
    applyUnreadNums(unreadNums) {
      const { conversations, active } = get();
      const bySender = new Map(unreadNums.map((n) => [n.sendUserId, n.unreadNum]));
      if (active) bySender.delete(active.id);
      set({ unreadBySender: Object.fromEntries(bySender) });
      if (!conversations.length) return;
      set({
        conversations: conversations.map((c) => {
          const unread = c.id === active?.id ? 0 : (bySender.get(c.id) ?? 0);
          return unread === c.unreadMessage ? c : { ...c, unreadMessage: unread };
        }),
      });
    },
    onConnected() {
      const { drawerOpen, conversationsLoaded } = get();
      if (drawerOpen || conversationsLoaded) void get().loadConversations();
      reloadOpen();
    },
    refreshLinks() {
      const now = Date.now();
      if (now - linksRefreshedAt < LINKS_REFRESH_MS) return;
      linksRefreshedAt = now;
      reloadOpen();
    },
    onDisconnected() {
      pending = [];
      set({ loadingMessages: false, history: { ...get().history, loading: false } });
    },
    reset() {
      pending = [];
      historyGeneration += 1;
      conversationsCall += 1;
      linksRefreshedAt = -Infinity;
      set({ ...initial });
    },
  };
});
