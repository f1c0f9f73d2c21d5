import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space, Spin } from 'antd';
import { FullWindowModal } from '../full-window-modal/index.tsx';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../../api/print-dev.ts';
import { useSessionStore } from '../../stores/session.ts';
import { fillTemplate, type FillContext } from './fill.ts';
import { DEFAULT_PAGE, docFileName, printDocument, sheetSize, wordDocument, CONTENT_CSS } from './page-document.ts';
import { saveFile } from './save-file.ts';
import styles from './print-preview.module.css';

export interface PrintPreviewProps {
  open: boolean;
  /** The print template and the record it prints (bound as @formId). */
  templateId: string | undefined;
  formId: string | undefined;
  /** The form's full name: the download is named after it (default 下载文档.doc). */
  fullName?: string;
  onClose: () => void;
}

/** Prints a standalone document from a hidden frame, so only the filled page reaches the printer. */
function printInFrame(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const win = frame.contentWindow!;
  win.document.open();
  win.document.write(html);
  win.document.close();
  const done = () => setTimeout(() => frame.remove(), 500);
  win.addEventListener('afterprint', done, { once: true });
  win.focus();
  win.print();
  // Browsers that print synchronously never fire afterprint on a frame.
  setTimeout(done, 60_000);
}

/**
 * The full-screen print preview: loads a record's print data, fills the template
 * (fill.ts), sanitises the result and shows it on a sheet of the template's paper; downloads it as a
 * Word-readable .doc, prints it, or closes. Form detail views open it from their print button.
 */
export function PrintPreview({ open, templateId, formId, fullName, onClose }: PrintPreviewProps) {
  const { t } = useTranslation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const query = useQuery({
    queryKey: ['printDev', 'data', templateId, formId],
    queryFn: () => printDevApi.data(templateId!, formId!),
    enabled: open && !!templateId && !!formId,
    retry: false,
    gcTime: 0,
  });

  const page = query.data?.pageParam ?? DEFAULT_PAGE;
  const html = useMemo(() => {
    if (!query.data) return '';
    const context: FillContext = {
      printer: userInfo ? `${userInfo.userName}/${userInfo.userAccount}` : '',
      now: Date.now(),
      records: query.data.operatorRecordList,
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
    return DOMPurify.sanitize(fillTemplate(query.data.printTemplate, query.data.printData, context));
  }, [query.data, userInfo, t]);

  const title = fullName || query.data?.fullName || '';
  const [width, height] = sheetSize(page);
  const ready = !!query.data;

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
            onClick={() => printInFrame(printDocument(html, page, title))}
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
            <div
              className={`${styles.sheet} print-page`}
              style={{
                width: `${width}mm`,
                minHeight: `${height}mm`,
                padding: `${page.marginTop}mm ${page.marginRight}mm ${page.marginBottom}mm ${page.marginLeft}mm`,
              }}
              data-testid="print-preview-page"
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </>
        )}
      </div>
    </FullWindowModal>
  );
}
