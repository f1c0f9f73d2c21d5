import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Select, Spin, Tabs } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFileLink } from '../../api/file-link.ts';
import { generaterApi, type GeneratedFile } from '../../api/generater.ts';
import { feedback } from '../../app/feedback.ts';
import styles from './code-preview.module.css';

export interface CodePreviewDialogProps {
  /** The model whose current draft is generated; nothing loads while null. */
  modelId: string | null;
  open: boolean;
  onClose(): void;
}

/** The area the server generates into when none is chosen. */
const DEFAULT_AREA = 'extend';

const baseName = (fileName: string) => fileName.slice(fileName.lastIndexOf('/') + 1);

/**
 * One file's source with its line numbers. The numbers are a column of their own that selection
 * skips, so what a developer selects and copies is the source alone. Memoised: a long form JSON is
 * thousands of lines, laid out again only when its text changes.
 */
const Source = memo(function Source({ text }: { text: string }) {
  return (
    <pre className={styles.code} data-testid="code-preview-source">
      {text.split('\n').map((line, i) => (
        <div key={i} className={styles.line}>
          <span className={styles.number} aria-hidden>
            {i + 1}
          </span>
          <span className={styles.text}>{line}</span>
        </div>
      ))}
    </pre>
  );
});

/**
 * The code generator's preview of a model (docs/visual-development.md, "Code generator"): a module area
 * to generate into, the generated files in tabs (one per file, the source with line numbers and a
 * copy button), and the download of them all as a zip. The hosting page loads the texts
 * (`codePreviewTexts`).
 */
export function CodePreviewDialog({ modelId, open, onClose }: CodePreviewDialogProps) {
  const { t } = useTranslation();
  const [areas, setAreas] = useState<string[]>([DEFAULT_AREA]);
  const [area, setArea] = useState(DEFAULT_AREA);
  const [files, setFiles] = useState<GeneratedFile[] | null>(null);
  const [active, setActive] = useState<string>();
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    generaterApi.areasName().then(
      (list) => live && list.length > 0 && setAreas(list),
      () => undefined, // the request wrapper showed why; the default area still works
    );
    return () => {
      live = false;
    };
  }, [open]);

  useEffect(() => {
    if (!open || !modelId) return;
    let live = true;
    setFiles(null);
    generaterApi.codePreview(modelId, { module: area }).then(
      (list) => {
        if (!live) return;
        setFiles(list);
        // The same file stays in view when the area changes: its path does, its name does not.
        setActive((current) => {
          const same = current && list.find((f) => baseName(f.fileName) === baseName(current));
          return (same || list[0])?.fileName;
        });
      },
      () => live && setFiles([]), // the request wrapper showed why
    );
    return () => {
      live = false;
    };
  }, [open, modelId, area]);

  const copy = async (file: GeneratedFile) => {
    try {
      await navigator.clipboard.writeText(file.fileContent);
      void feedback().message.success(t('codePreview.copied'));
    } catch {
      void feedback().message.error(t('codePreview.copyFailed'));
    }
  };

  const download = async () => {
    if (!modelId) return;
    setDownloading(true);
    try {
      await downloadFileLink(await generaterApi.downloadCode(modelId, { module: area }));
    } catch {
      // the request wrapper showed why
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('codePreview.title')}
      width={1100}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="code-preview-dialog"
    >
      <div className={styles.toolbar}>
        <span>{t('codePreview.area')}</span>
        <Select
          value={area}
          onChange={setArea}
          options={areas.map((a) => ({ value: a, label: a }))}
          style={{ width: 160 }}
          aria-label={t('codePreview.area')}
          data-testid="code-preview-area"
        />
        <span className={styles.count}>{files ? t('codePreview.files', { count: files.length }) : null}</span>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          disabled={!modelId || !files?.length}
          onClick={() => void download()}
          data-testid="code-preview-download"
        >
          {t('codePreview.download')}
        </Button>
      </div>
      {files === null ? (
        <Spin />
      ) : files.length === 0 ? (
        <Empty description={t('codePreview.empty')} />
      ) : (
        <Tabs
          activeKey={active}
          onChange={setActive}
          items={files.map((file) => ({
            key: file.fileName,
            label: <span title={file.fileName}>{baseName(file.fileName)}</span>,
            children: (
              <>
                <div className={styles.path}>
                  <span>{file.fileName}</span>
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    onClick={() => void copy(file)}
                    data-testid="code-preview-copy"
                  >
                    {t('codePreview.copy')}
                  </Button>
                </div>
                <Source text={file.fileContent} />
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
