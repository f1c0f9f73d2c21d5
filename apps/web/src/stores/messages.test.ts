import { beforeEach, describe, expect, it } from 'vitest';
import { useMessagesStore } from './messages.ts';

const store = () => useMessagesStore.getState();

describe('messages store (the bell)', () => {
  beforeEach(() => store().reset());

  it('S1-4-29 takes the unread total and the split by type from the server counts', () => {
    store().setCounts({
      unreadNoticeCount: 3,
      unreadMessageCount: 2,
      unreadSystemMessageCount: 1,
      unreadTotalCount: 6,
    });
    expect(store().unreadTotal).toBe(6);
    expect(store().unread).toEqual({ notice: 3, flow: 2, system: 1 });
  });

  it('S1-4-08 reading one drops the count by 1 and never below 0', () => {
    store().setCounts({
      unreadNoticeCount: 1,
      unreadMessageCount: 0,
      unreadSystemMessageCount: 0,
      unreadTotalCount: 1,
    });
    store().readOne(1);
    expect(store().unreadTotal).toBe(0);
    expect(store().unread.notice).toBe(0);
    store().readOne(1);
    store().readOne(2);
    expect(store().unreadTotal).toBe(0);
    expect(store().unread).toEqual({ notice: 0, flow: 0, system: 0 });
  });

  it('S1-4-08 the count converges on the server figure whichever answers first, the push or the read call', () => {
    const counts = (notice: number) => ({
      unreadNoticeCount: notice,
      unreadMessageCount: 0,
      unreadSystemMessageCount: 0,
      unreadTotalCount: notice,
    });
    store().setCounts(counts(5));
    // The initMessage push (already counting the read) beats the read call's answer.
    let since = store().countsVersion;
    store().setCounts(counts(4));
    store().readOne(1, since);
    expect(store().unreadTotal).toBe(4);
    expect(store().unread.notice).toBe(4);
    // The read call answers first, then the push brings the same figure.
    since = store().countsVersion;
    store().readOne(1, since);
    expect(store().unreadTotal).toBe(3);
    store().setCounts(counts(3));
    expect(store().unreadTotal).toBe(3);
    expect(store().unread.notice).toBe(3);
  });

  it('ignores negative or broken counts from the wire', () => {
    store().setCounts({ unreadNoticeCount: -4, unreadMessageCount: Number.NaN, unreadTotalCount: -1 });
    expect(store().unreadTotal).toBe(0);
    expect(store().unread).toEqual({ notice: 0, flow: 0, system: 0 });
  });

  it('S1-4-30 messagePush adds to the count of its type and asks open lists to reload', () => {
    store().pushed(1);
    store().pushed(1, 2);
    expect(store().unreadTotal).toBe(2);
    expect(store().unread).toEqual({ notice: 1, flow: 1, system: 0 });
    expect(store().listVersion).toBe(2);
  });

  it('S1-4-09 mark all read clears every type, or just the filtered one', () => {
    store().setCounts({
      unreadNoticeCount: 3,
      unreadMessageCount: 2,
      unreadSystemMessageCount: 1,
      unreadTotalCount: 6,
    });
    store().clearUnread(2);
    expect(store().unreadTotal).toBe(4);
    expect(store().unread.flow).toBe(0);
    store().clearUnread('');
    expect(store().unreadTotal).toBe(0);
  });
});
