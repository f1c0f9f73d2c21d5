import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space, Spin } from 'antd';
import { FullWindowModal } from '../full-window-modal/index.tsx';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi, type PrintDataAnswer } from '../../api/print-dev.ts';
import { useSessionStore } from '../../stores/session.ts';
import { fillTemplate, type FillContext } from './fill.ts';
import {
  DEFAULT_PAGE,
  docFileName,
  joinPages,
  printDocument,
  sheetSize,
  wordDocument,
  CONTENT_CSS,
} from './page-document.ts';
import { printHtml } from './print-frame.ts';
import { saveFile } from './save-file.ts';
import styles from './print-preview.module.css';

export interface PrintPreviewProps {
  open: boolean;
  /** The print template and the record it prints (bound as @formId). */
  templateId: string | undefined;
  formId?: string | undefined;
  /** Several records to print with the template, each on sheets of its own (batch print); instead of formId. */
  formIds?: readonly string[];
  /** The form's full name: the download is named after it (default 下载文档.doc). */
  fullName?: string;
  onClose: () => void;
}

/** Print data requests a batch has in flight at once. */
const PARALLEL_LOADS = 4;

/**
 * Each record's print data, a few requests at a time, in the order of the ids. The first failure
 * fails the whole print, and no further record is asked for.
 */
async function loadPrintData(templateId: string, formIds: readonly string[]): Promise<PrintDataAnswer[]> {
  const answers: PrintDataAnswer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < formIds.length) {
      const i = next++;
      try {
        answers[i] = await printDevApi.data(templateId, formIds[i]!);
      } catch (error) {
        next = formIds.length;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_LOADS, formIds.length) }, worker));
  return answers;
}

/**
 * The full-screen print preview: loads a record's print data, fills the template
 * (fill.ts), sanitises the result and shows it on a sheet of the template's paper; downloads it as a
 * Word-readable .doc, prints it, or closes. Form detail views open it from their print button; a
 * list's batch print opens it with several records, each filled on sheets of its own and printed
 * (or downloaded) together, every record starting on a new page.
 */
export function PrintPreview({ open, templateId, formId, formIds, fullName, onClose }: PrintPreviewProps) {
  const { t } = useTranslation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const ids = useMemo(() => formIds ?? (formId ? [formId] : []), [formIds, formId]);
  const query = useQuery({
    queryKey: ['printDev', 'data', templateId, ids],
    queryFn: () => loadPrintData(templateId!, ids),
    enabled: open && !!templateId && ids.length > 0,
    retry: false,
    gcTime: 0,
  });

  // One template prints every record: its page settings and name are those of any answer.
  const first = query.data?.[0];
  const page = first?.pageParam ?? DEFAULT_PAGE;
  const pages = useMemo(() => {
    if (!query.data) return [];
    const now = Date.now();
    return query.data.map((answer) => {
      const context: FillContext = {
        printer: userInfo ? `${userInfo.userName}/${userInfo.userAccount}` : '',
        now,
        records: answer.operatorRecordList,
        approvalHeaders: [
          t('printDev.approvalNode'),
          t('printDev.approvalHandler'),
          t('printDev.approvalTime'),
          t('printDev.approvalAction'),
          t('printDev.approvalOpinion'),
        ],
        statusText: (status) =>
          status === null || status === '' ? '' : t(`printDev.status${status}`, { defaultValue: '' }),
      };
      return DOMPurify.sanitize(fillTemplate(answer.printTemplate, answer.printData, context));
    });
  }, [query.data, userInfo, t]);
  const html = joinPages(pages);

  const title = fullName || first?.fullName || '';
  const [width, height] = sheetSize(page);
  const ready = !!first;

  return (
    <FullWindowModal
      open={open}
      title={t('printDev.previewTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button
            disabled={!ready}
            onClick={() =>
              saveFile(['\ufeff', wordDocument(html, page, title)], docFileName(fullName), 'application/msword')
            }
            data-testid="print-preview-download"
          >
            {t('printDev.download')}
          </Button>
          <Button
            type="primary"
            disabled={!ready}
            onClick={() => printHtml(printDocument(html, page, title))}
            data-testid="print-preview-print"
          >
            {t('printDev.print')}
          </Button>
          <Button onClick={onClose} data-testid="print-preview-cancel">
            {t('printDev.close')}
          </Button>
        </Space>
      }
      data-testid="print-preview"
    >
      <div className={styles.desk}>
        {query.isLoading && <Spin className={styles.state} tip={t('printDev.loading')} />}
        {query.isError && <Result className={styles.state} status="warning" title={t('printDev.dataFailed')} />}
        {ready && (
          <>
            <style>{CONTENT_CSS}</style>
            {pages.map((filled, i) => (
              <div
                key={ids[i]}
                className={`${styles.sheet} print-page`}
                style={{
                  width: `${width}mm`,
                  minHeight: `${height}mm`,
                  padding: `${page.marginTop}mm ${page.marginRight}mm ${page.marginBottom}mm ${page.marginLeft}mm`,
                }}
                data-testid="print-preview-page"
                dangerouslySetInnerHTML={{ __html: filled }}
              />
            ))}
          </>
        )}
      </div>
    </FullWindowModal>
  );
}
