import { describe, expect, it } from 'vitest';
import { flowDetailPath } from './flow-link.ts';
import { nearBottom } from './scroll-pages.ts';

describe('message drawer helpers', () => {
  it('S1-4-16 S1-4-17 a flow body becomes the base64 config of /workFlowDetail; an empty body opens nothing', () => {
    const body = JSON.stringify({ id: 'f1', title: '报销' });
    const path = flowDetailPath(body)!;
    expect(path.startsWith('/workFlowDetail?config=')).toBe(true);
    const config = decodeURIComponent(path.split('config=')[1]);
    const bytes = Uint8Array.from(atob(config), (c) => c.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe(body);
    expect(flowDetailPath('')).toBeNull();
    expect(flowDetailPath('   ')).toBeNull();
    expect(flowDetailPath(null)).toBeNull();
  });

  it('S1-4-13 S1-4-22 S1-4-23 near the bottom means within the threshold', () => {
    const box = (scrollTop: number) => ({ scrollHeight: 1000, clientHeight: 400, scrollTop });
    expect(nearBottom(box(400), 200)).toBe(true);
    expect(nearBottom(box(399), 200)).toBe(false);
    expect(nearBottom(box(300), 300)).toBe(true);
    expect(nearBottom(box(299), 300)).toBe(false);
    expect(nearBottom(box(500), 100)).toBe(true);
    expect(nearBottom(box(499), 100)).toBe(false);
  });
});
