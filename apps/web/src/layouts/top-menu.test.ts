import { describe, expect, it } from 'vitest';
import { TOP_MENU_ITEM_WIDTH, visibleItemCount } from './top-menu.tsx';

describe('top menu overflow', () => {
  it('S1-2.4-09 shows as many 116 px items as fit, one slot going to More ...', () => {
    expect(TOP_MENU_ITEM_WIDTH).toBe(116);
    expect(visibleItemCount(116 * 5, 5)).toBe(5);
    expect(visibleItemCount(116 * 5 + 50, 6)).toBe(4);
    expect(visibleItemCount(116 * 2, 10)).toBe(1);
    expect(visibleItemCount(100, 3)).toBe(0);
  });
  it('shows everything before the width is known', () => {
    expect(visibleItemCount(0, 7)).toBe(7);
  });
});
