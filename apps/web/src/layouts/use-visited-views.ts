import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { HOME_PATH } from '../router/guard.ts';
import { pageMetaOf } from '../keep-alive/page-context.ts';
import { useTagsStore } from '../stores/tags.ts';

/** Records every page shown in the shell as a visited view (the tags bar), home pinned first. */
export function useVisitedViews(): void {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const addView = useTagsStore((s) => s.addView);
  const deepest = matches[matches.length - 1];

  useEffect(() => {
    // Home is pinned whether or not it has been visited yet.
    addView({ path: HOME_PATH, title: '', titleKey: 'route.home', affix: true });
  }, [addView]);

  useEffect(() => {
    const meta = pageMetaOf(deepest?.handle);
    if (meta.hideTag) return;
    const title = meta.title ?? meta.fullName ?? '';
    if (!title && !meta.titleKey) return;
    addView({
      path: pathname + search,
      title,
      titleKey: meta.title ? undefined : meta.titleKey,
      affix: meta.affix,
      icon: meta.icon,
    });
  }, [addView, deepest, pathname, search]);
}
