/**
 * Whether an If-None-Match header names this entity tag. The header lists tags separated by
 * commas, or `*`; the comparison is the weak one the header calls for, so a `W/` prefix a proxy
 * added still matches.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = bare(etag);
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || bare(tag) === wanted) return true;
  }
  return false;
}
