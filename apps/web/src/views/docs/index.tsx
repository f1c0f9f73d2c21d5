import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guideApi } from '../../api/feedback.ts';
import styles from './docs.module.css';

/** The guide's Markdown as safe HTML: rendered by marked, then sanitised before it reaches the DOM. */
function toHtml(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown, { async: false, gfm: true }));
}

/** The navbar's documentation entry: the user guide, in the current language. */
export default function DocsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [chosen, setChosen] = useState<string | null>(null);
  const index = useQuery({ queryKey: ['guide', language], queryFn: guideApi.pages });
  const current = chosen ?? index.data?.pages[0]?.name ?? null;
  const page = useQuery({
    queryKey: ['guide', language, current],
    queryFn: () => guideApi.page(current!),
    enabled: !!current,
  });
  const html = useMemo(() => (page.data ? toHtml(page.data.markdown) : ''), [page.data]);

  if (index.isError || page.isError)
    return (
      <Result
        status="warning"
        title={t('feedback.docsLoadFailed')}
        extra={
          <Button
            onClick={() => {
              void index.refetch();
              void page.refetch();
            }}
          >
            {t('feedback.retry')}
          </Button>
        }
      />
    );

  return (
    <div className={styles.page} data-testid="docs-page">
      <Card size="small" title={t('feedback.docsContents')} className={styles.toc}>
        {index.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        ) : (
          <ul className={styles.tocList}>
            {index.data?.pages.map((p) => (
              <li key={p.name}>
                <button
                  type="button"
                  className={`${styles.tocLink} ${p.name === current ? styles.tocActive : ''}`}
                  aria-current={p.name === current ? 'page' : undefined}
                  onClick={() => setChosen(p.name)}
                  data-testid={`docs-toc-${p.name}`}
                >
                  {p.title}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        {page.isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          // Sanitised by DOMPurify in toHtml; the guide is the repository's own Markdown.
          <article className={styles.article} data-testid="docs-article" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </Card>
    </div>
  );
}
