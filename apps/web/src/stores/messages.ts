import { create } from 'zustand';
import { MessageType, type UnreadCounts } from '../api/message.ts';

/** Unread message-centre rows by type (1 notice, 2 flow, 3 system). */
export interface UnreadByType {
  notice: number;
  flow: number;
  system: number;
}

/**
 * The bell's state: the unread total of the message centre and its split by
 * type, the flash flag (unread chat), whether the drawer is open, and a counter that tells an open
 * list to reload after a push. No count ever goes below 0.
 */
export interface MessagesState {
  unreadTotal: number;
  unread: UnreadByType;
  flash: boolean;
  drawerOpen: boolean;
  /** Bumped by messagePush: an open drawer or message centre reloads its list. */
  listVersion: number;
  /**
   * Bumped whenever the server's own figures arrive (setCounts). A read call remembers it when it
   * starts: if figures came in before the call answered, they already count that read.
   */
  countsVersion: number;
  /** initMessage / getUnReadMsgNum: the counts from the server. */
  setCounts(counts: Partial<UnreadCounts>): void;
  /** messagePush: `added` more unread messages of `type`; the open lists reload. */
  pushed(added: number, type?: number): void;
  /**
   * One unread message of `type` was read: its count and the total drop by one, unless the server's
   * figures arrived since `since` (countsVersion when the read call started), which already count it.
   */
  readOne(type: number, since?: number): void;
  /** 'Mark all read' covered the unread messages of `type` ('' = every type). */
  clearUnread(type: number | ''): void;
  setFlash(flash: boolean): void;
  /** After a reconnect: the open lists reload what arrived while the socket was away. */
  refreshLists(): void;
  setDrawerOpen(open: boolean): void;
  reset(): void;
}

const none: UnreadByType = { notice: 0, flow: 0, system: 0 };
const initial = { unreadTotal: 0, unread: none, flash: false, drawerOpen: false, listVersion: 0, countsVersion: 0 };

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

function keyOf(type: number): keyof UnreadByType | null {
  if (type === MessageType.notice) return 'notice';
  if (type === MessageType.flow) return 'flow';
  if (type === MessageType.system) return 'system';
  return null;
}

export const useMessagesStore = create<MessagesState>()((set) => ({
  ...initial,
  setCounts: (counts) => {
    const unread = {
      notice: count(counts.unreadNoticeCount),
      flow: count(counts.unreadMessageCount),
      system: count(counts.unreadSystemMessageCount),
    };
    set((s) => ({
      unread,
      unreadTotal: count(counts.unreadTotalCount ?? unread.notice + unread.flow + unread.system),
      countsVersion: s.countsVersion + 1,
    }));
  },
  pushed: (added, type = MessageType.notice) =>
    set((s) => {
      const key = keyOf(type) ?? 'notice';
      return {
        unreadTotal: s.unreadTotal + count(added),
        unread: { ...s.unread, [key]: s.unread[key] + count(added) },
        listVersion: s.listVersion + 1,
      };
    }),
  readOne: (type, since) =>
    set((s) => {
      if (since !== undefined && since !== s.countsVersion) return {};
      const key = keyOf(type);
      return {
        unreadTotal: Math.max(0, s.unreadTotal - 1),
        unread: key ? { ...s.unread, [key]: Math.max(0, s.unread[key] - 1) } : s.unread,
      };
    }),
  clearUnread: (type) =>
    set((s) => {
      if (type === '') return { unreadTotal: 0, unread: none };
      const key = keyOf(type);
      if (!key) return {};
      return { unreadTotal: Math.max(0, s.unreadTotal - s.unread[key]), unread: { ...s.unread, [key]: 0 } };
    }),
  setFlash: (flash) => set({ flash }),
  refreshLists: () => set((s) => ({ listVersion: s.listVersion + 1 })),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  reset: () => set((s) => ({ ...initial, countsVersion: s.countsVersion + 1 })),
}));
