import type { ReactNode } from 'react';
import { downloadFileLink, fileLinkHref } from '../../api/file-link.ts';

interface Props {
  /** The link as the server handed it out (with its ticket); never built here. */
  url: string;
  /** The download name. */
  name: string;
  /** The server refused the download (its message is shown): the caller may fetch a fresh link. */
  onRefused?(): void;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * A link to a file the server handed out. Our own files download in the page, so a refusal (the
 * link expired, or the user may no longer see the file) shows the server's message instead of a
 * page of JSON; other addresses open as ordinary links.
 */
export function FileLink({ url, name, onRefused, children, 'data-testid': testId }: Props) {
  return (
    <a
      href={fileLinkHref(url)}
      target="_blank"
      rel="noreferrer noopener"
      data-testid={testId}
      onClick={(event) => {
        if (!url.startsWith('/api/')) return;
        event.preventDefault();
        void downloadFileLink(url, name).then((ok) => {
          if (!ok) onRefused?.();
        });
      }}
    >
      {children ?? name}
    </a>
  );
}
