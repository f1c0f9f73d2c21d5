/**
 * The page cache's controls for code outside the outlet (the tags bar). The mounted KeepAliveOutlet
 * registers itself; with the cache off (or no shell mounted) the calls do nothing, which is right:
 * there is nothing cached to refresh or drop.
 */
export interface PageCacheController {
  /** Renders the cached page of `path` anew the next time it is shown. */
  refresh(path: string): void;
}

let controller: PageCacheController | null = null;

export function registerPageCache(next: PageCacheController): () => void {
  controller = next;
  return () => {
    if (controller === next) controller = null;
  };
}

export function refreshCachedPage(path: string): void {
  controller?.refresh(path);
}
