import { KeepAlive, useKeepAliveRef } from 'keepalive-for-react';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { useTagsStore } from '../stores/tags.ts';
import { registerPageCache } from './cache-control.ts';
import { createPageContext, PageContextProvider, type PageContextValue } from './page-context.ts';
import { ScrollKeeper } from './scroll-keeper.tsx';

/** More kept pages than this and the least recently shown one is dropped. */
export const MAX_CACHED_PAGES = 20;
/** Never kept: the refresh detour must not hold a copy of the page it refreshes. */
const NEVER_CACHED = /^\/redirect(\/|$|\?)/;

interface Props {
  /** The content area that scrolls (one for every page); its offset is kept per page. */
  scroller: RefObject<HTMLElement | null>;
  /** Page cache on (settings useCache); off renders the plain outlet. */
  enabled: boolean;
  fallback?: ReactNode;
}

/**
 * The shell's outlet. With the cache on, every visited page stays mounted (hidden) under its full
 * path, so form input, table page and scroll position survive a switch of tags; pages whose route
 * says noCache are dropped when left, and closing a tag drops its page. Every page gets a frozen
 * PageContext (keep-alive/page-context.ts) captured on its first render.
 */
export function KeepAliveOutlet({ scroller, enabled, fallback = null }: Props) {
  const location = useLocation();
  const matches = useMatches();
  const outlet = useOutlet();
  const key = location.pathname + location.search;

  // The context of a key is fixed at its first render (a key is a full path: params and search of
  // that key never change), and forgotten when its page leaves the cache.
  const contexts = useRef(new Map<string, PageContextValue>());
  let context = contexts.current.get(key);
  if (!context) {
    context = createPageContext(location, matches);
    contexts.current.set(key, context);
  }

  if (!enabled) {
    return (
      <PlainOutlet cacheKey={key} scroller={scroller} context={context} contexts={contexts.current}>
        <Suspense fallback={fallback}>{outlet}</Suspense>
      </PlainOutlet>
    );
  }
  return (
    <CachedOutlet cacheKey={key} scroller={scroller} context={context} contexts={contexts.current} fallback={fallback}>
      {outlet}
    </CachedOutlet>
  );
}

interface InnerProps {
  cacheKey: string;
  scroller: RefObject<HTMLElement | null>;
  context: PageContextValue;
  contexts: Map<string, PageContextValue>;
  children: ReactNode;
}

function PlainOutlet({ cacheKey, scroller, context, contexts, children }: InnerProps) {
  useLayoutEffect(() => {
    // Nothing is kept: only the page on screen needs its context, and it starts at the top.
    for (const k of contexts.keys()) if (k !== cacheKey) contexts.delete(k);
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [cacheKey, contexts, scroller]);
  // Keyed by the full path: two menu routes may share one view (the generic module views), and a
  // page must not carry its state over to another path.
  return (
    <PageContextProvider key={cacheKey} value={context}>
      {children}
    </PageContextProvider>
  );
}

function CachedOutlet({
  cacheKey,
  scroller,
  context,
  contexts,
  children,
  fallback,
}: InnerProps & { fallback: ReactNode }) {
  const aliveRef = useKeepAliveRef();
  const positions = useRef(new Map<string, number>()).current;
  // Keys of noCache pages seen so far: KeepAlive drops an excluded page as soon as it is hidden.
  const noCacheKeys = useRef(new Set<string>()).current;
  if (context.meta.noCache) noCacheKeys.add(cacheKey);
  const noCacheCount = noCacheKeys.size;
  const exclude = useMemo(() => [NEVER_CACHED, ...noCacheKeys], [noCacheKeys, noCacheCount]); // eslint-disable-line react-hooks/exhaustive-deps

  const activeKey = useRef(cacheKey);
  activeKey.current = cacheKey;
  const pendingDrops = useRef(new Set<string>()).current;

  const drop = useMemo(
    () => (keys: string[]) => {
      const now = keys.filter((k) => k !== activeKey.current);
      // The page on screen is dropped once it is left (closing the current tag navigates first).
      for (const k of keys) if (k === activeKey.current) pendingDrops.add(k);
      if (!now.length) return;
      for (const k of now) {
        positions.delete(k);
        contexts.delete(k);
        noCacheKeys.delete(k);
      }
      void aliveRef.current?.destroy(now);
    },
    [aliveRef, contexts, noCacheKeys, pendingDrops, positions],
  );

  // Closing tags (close, close others, close all, sign-out) drops their pages.
  useEffect(
    () =>
      useTagsStore.subscribe((state, prev) => {
        const left = new Set(state.visitedViews.map((v) => v.path));
        const removed = prev.visitedViews.filter((v) => !left.has(v.path)).map((v) => v.path);
        if (removed.length) drop(removed);
      }),
    [drop],
  );

  useEffect(() => {
    if (!pendingDrops.size) return;
    const keys = [...pendingDrops].filter((k) => k !== cacheKey);
    for (const k of keys) pendingDrops.delete(k);
    drop(keys);
  }, [cacheKey, drop, pendingDrops]);

  // Pages KeepAlive dropped by itself (noCache, over the maximum) must not leave a stale context.
  useEffect(() => {
    const cached = new Set(aliveRef.current?.getCacheNodes().map((n) => n.cacheKey) ?? []);
    for (const k of contexts.keys()) if (k !== cacheKey && !cached.has(k)) contexts.delete(k);
  }, [aliveRef, cacheKey, contexts]);

  useEffect(
    () =>
      registerPageCache({
        refresh: (path) => aliveRef.current?.refresh(path),
      }),
    [aliveRef],
  );

  return (
    <KeepAlive
      activeCacheKey={cacheKey}
      aliveRef={aliveRef}
      max={MAX_CACHED_PAGES}
      exclude={exclude}
      containerClassName="keep-alive-container"
      cacheNodeClassName="keep-alive-page"
    >
      <PageContextProvider value={context}>
        <ScrollKeeper cacheKey={cacheKey} scroller={scroller} positions={positions} />
        <Suspense fallback={fallback}>{children}</Suspense>
      </PageContextProvider>
    </KeepAlive>
  );
}
