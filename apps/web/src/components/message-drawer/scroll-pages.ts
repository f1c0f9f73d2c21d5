import { useCallback, useRef, useState, type UIEvent } from 'react';

/** The scroll box's position, as an element reports it. */
export interface ScrollBox {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}

/** True when the box is scrolled to within `threshold` px of its bottom. */
export function nearBottom(box: ScrollBox, threshold: number): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

export interface ScrollPagesOptions<T> {
  /** Loads page `page` (1-based) of the current query. */
  fetch: (page: number) => Promise<T[]>;
  pageSize: number;
  /** Distance from the bottom, in px, at which the next page loads. */
  threshold: number;
}

/**
 * A list that grows by pages as it is scrolled (message drawer, chat contacts): the next page loads
 * when the box comes within `threshold` px of its bottom, and loading stops for good once a page
 * returns fewer rows than the page size. `reload()` starts again from page 1 (a new filter), and an
 * answer to an older query is dropped.
 */
export function useScrollPages<T>({ fetch, pageSize, threshold }: ScrollPagesOptions<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  // Refs: scroll events fire faster than renders, and a page must be asked for only once.
  const page = useRef(0);
  const busy = useRef(false);
  const finished = useRef(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const load = useCallback(
    (next: number) => {
      const call = generation.current;
      busy.current = true;
      setLoading(true);
      fetchRef
        .current(next)
        .then((rows) => {
          if (call !== generation.current) return;
          page.current = next;
          finished.current = rows.length < pageSize;
          setDone(finished.current);
          setItems((prev) => (next === 1 ? rows : [...prev, ...rows]));
        })
        .catch(() => {
          // A failed list call stops loading; scrolling again retries.
          if (call === generation.current) setFailed(true);
        })
        .finally(() => {
          if (call !== generation.current) return;
          busy.current = false;
          setLoading(false);
        });
    },
    [pageSize],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    page.current = 0;
    finished.current = false;
    setDone(false);
    setFailed(false);
    setItems([]);
    load(1);
  }, [load]);

  const loadMore = useCallback(() => {
    if (busy.current || finished.current || page.current === 0) return;
    load(page.current + 1);
  }, [load]);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (nearBottom(event.currentTarget, threshold)) loadMore();
    },
    [loadMore, threshold],
  );

  return { items, setItems, loading, done, failed, reload, loadMore, onScroll };
}
