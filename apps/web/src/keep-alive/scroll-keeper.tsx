import { useKeepAliveContext } from 'keepalive-for-react';
import { useLayoutEffect, type RefObject } from 'react';

interface Props {
  cacheKey: string;
  scroller: RefObject<HTMLElement | null>;
  positions: Map<string, number>;
}

/**
 * Keeps a cached page's scroll position. The page's DOM is detached while hidden, and the shell's
 * content area (one scroller for every page) would otherwise show the next page at the previous
 * page's offset. Saved when the page is hidden (its DOM is still attached then), restored on the
 * next frame after it is shown (the cache attaches the DOM after this effect runs); a page seen for
 * the first time starts at the top (navigation scrolls to the top).
 */
export function ScrollKeeper({ cacheKey, scroller, positions }: Props) {
  const { active } = useKeepAliveContext();
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!active || !element) return;
    const frame = requestAnimationFrame(() => {
      element.scrollTop = positions.get(cacheKey) ?? 0;
    });
    return () => {
      cancelAnimationFrame(frame);
      positions.set(cacheKey, element.scrollTop);
    };
  }, [active, cacheKey, scroller, positions]);
  return null;
}
