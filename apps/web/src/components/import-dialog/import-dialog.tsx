import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, type ImportPreview, type ImportResult } from '@atrium/shared';
import {
  Button,
  Modal,
  Result,
  Space,
  Steps,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
  type UploadFile,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';
import { downloadFile } from './download.ts';
import { importApiFor } from './import-api.ts';
import styles from './import-dialog.module.css';

type Row = Record<string, string>;
type PreviewRow = Record<string, string | number> & { _i: number };
type FailedRow = Row & { errorsInfo: string };

/** The import calls of the module whose records are imported. */
export interface ImportApi {
  /** Multipart upload answering data.name, the stored file name ImportPreview reads. */
  uploadUrl: string;
  /** Answers the template's download URL. */
  template: () => Promise<string>;
  preview: (fileName: string) => Promise<ImportPreview>;
  importData: (list: Row[]) => Promise<ImportResult>;
  /** Answers the download URL of a workbook of the failed rows. */
  exportFailed: (list: FailedRow[]) => Promise<string>;
}

interface Props {
  open: boolean;
  /** The module's base URL (its import calls are `<base>/Uploader`, `<base>/ImportPreview` ...), or the calls themselves. */
  api: ImportApi | string;
  title?: string;
  /** `imported` is true once step 3 was reached: the caller then reloads its list. */
  onClose: (imported: boolean) => void;
}

const EXCEL = /\.(xls|xlsx)$/i;

const withoutKey = (row: PreviewRow): Row =>
  Object.fromEntries(Object.entries(row).filter(([key]) => key !== '_i')) as Row;

/**
 * The batch import dialog: 1 upload a .xls/.xlsx file under 500 KB
 * (only the latest is kept), 2 preview its rows, 3 import and show the result with the failed rows
 * and their reasons, which can be exported. Closing after step 3 refreshes the caller.
 */
export function ImportDialog({ open, api: given, title, onClose }: Props) {
  const { t } = useTranslation();
  const api = useMemo(() => (typeof given === 'string' ? importApiFor(given) : given), [given]);
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  /** Previewed rows with a stable key each, so removing one never hits its neighbour. */
  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  function reset() {
    setStep(0);
    setFiles([]);
    setFileName('');
    setPreview(null);
    setRows([]);
    setResult(null);
  }

  function close() {
    const imported = step === 2;
    reset();
    onClose(imported);
  }

  async function next() {
    if (step === 0) {
      if (!fileName) {
        void feedback().message.warning(t('upload.importNeedFile'));
        return;
      }
      setBusy(true);
      try {
        const data = await api.preview(fileName);
        setPreview(data);
        setRows(data.dataRow.map((row, i) => ({ ...row, _i: i })));
        setStep(1);
      } catch {
        // The request wrapper showed the reason (too many rows, unreadable file...).
      } finally {
        setBusy(false);
      }
      return;
    }
    if (step === 1) {
      if (!rows.length) {
        void feedback().message.warning(t('upload.importEmpty'));
        return;
      }
      setBusy(true);
      try {
        setResult(await api.importData(rows.map(withoutKey)));
        setStep(2);
      } catch {
        // Shown by the wrapper; the rows stay for another try.
      } finally {
        setBusy(false);
      }
    }
  }

  const header = preview?.headerRow ?? [];
  const previewColumns: TableColumnsType<PreviewRow> = [
    { key: '_index', title: '#', width: 50, render: (_, __, i) => i + 1 },
    ...header.map((h) => ({ key: h.id, dataIndex: h.id, title: h.fullName, ellipsis: true, width: 130 })),
    {
      key: '_remove',
      title: '',
      width: 60,
      fixed: 'right' as const,
      render: (_: unknown, row: PreviewRow) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('upload.importRowRemove')}
          onClick={() => setRows((list) => list.filter((r) => r._i !== row._i))}
        />
      ),
    },
  ];
  const failedColumns: TableColumnsType<FailedRow & { _i: string }> = [
    ...header.map((h) => ({ key: h.id, dataIndex: h.id, title: h.fullName, ellipsis: true, width: 120 })),
    {
      key: 'errorsInfo',
      dataIndex: 'errorsInfo',
      title: t('upload.importErrors'),
      width: 220,
      fixed: 'right' as const,
      render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
    },
  ];

  const footer = (
    <Space>
      {step === 1 && (
        <Button onClick={() => setStep(0)} data-testid="import-prev">
          {t('upload.importPrev')}
        </Button>
      )}
      {step < 2 && (
        <Button type="primary" loading={busy} onClick={() => void next()} data-testid="import-next">
          {step === 0 ? t('upload.importNext') : t('upload.importSubmit')}
        </Button>
      )}
      {step === 2 && (
        <Button type="primary" onClick={close} data-testid="import-close">
          {t('upload.importClose')}
        </Button>
      )}
    </Space>
  );

  return (
    <Modal
      open={open}
      title={title ?? t('upload.importTitle')}
      width={1000}
      onCancel={close}
      footer={footer}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="import-dialog"
    >
      <Steps
        className={styles.steps}
        current={step}
        size="small"
        items={[
          { title: t('upload.importStep1') },
          { title: t('upload.importStep2') },
          { title: t('upload.importStep3') },
        ]}
      />
      {step === 0 && (
        <div data-testid="import-step-upload">
          <Upload.Dragger
            accept=".xls,.xlsx"
            maxCount={1}
            fileList={files}
            beforeUpload={(file) => {
              if (!EXCEL.test(file.name)) {
                void feedback().message.error(t('upload.importWrongType'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > IMPORT_MAX_BYTES) {
                void feedback().message.error(t('upload.importTooLarge'));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={async ({ file, onSuccess, onError }) => {
              const body = new FormData();
              body.append('file', file as Blob, (file as File).name);
              try {
                const res = await request<{ name: string }>({ url: api.uploadUrl, method: 'POST', data: body });
                setFileName(res.data!.name);
                onSuccess?.(res.data);
              } catch (error) {
                setFileName('');
                onError?.(error as Error);
              }
            }}
            onChange={({ fileList }) => {
              // Only the latest file is kept; a failed upload drops out of the list.
              setFiles(fileList.slice(-1).filter((f) => f.status !== 'error'));
            }}
            onRemove={() =>
              new Promise<boolean>((resolve) => {
                feedback().modal.confirm({
                  title: t('upload.importRemoveTitle'),
                  content: t('upload.importRemoveFile'),
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: () => {
                    setFileName('');
                    resolve(true);
                  },
                  onCancel: () => resolve(false),
                });
              })
            }
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.importFile')}</p>
            <p className="ant-upload-hint">{t('upload.importHint')}</p>
          </Upload.Dragger>
          <div className={styles.template}>
            <Typography.Text type="secondary">{t('upload.importTemplateHint')}</Typography.Text>
            <Button
              type="link"
              icon={<DownloadOutlined />}
              onClick={async () => {
                try {
                  downloadFile(await api.template());
                } catch {
                  // Shown by the wrapper.
                }
              }}
              data-testid="import-template"
            >
              {t('upload.importTemplate')}
            </Button>
          </div>
        </div>
      )}
      {step === 1 && (
        <div data-testid="import-step-preview">
          <Typography.Paragraph type="secondary">
            {t('upload.importRows', { count: rows.length })} ({t('upload.importHint')})
          </Typography.Paragraph>
          <Table<PreviewRow>
            size="small"
            rowKey="_i"
            columns={previewColumns}
            dataSource={rows}
            pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content', y: 360 }}
            locale={{ emptyText: t('admin.empty') }}
            data-testid="import-preview-table"
          />
        </div>
      )}
      {step === 2 && result && (
        <div data-testid="import-step-result">
          {!result.resultType ? (
            <Result
              status="success"
              title={t('upload.importSuccess')}
              subTitle={t('upload.importSuccessCount', { count: result.snum })}
              data-testid="import-success"
            />
          ) : (
            <>
              <Result
                status="warning"
                title={t('upload.importFailed')}
                subTitle={t('upload.importCounts', { snum: result.snum, fnum: result.fnum })}
                className={styles.result}
                extra={
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={async () => {
                      try {
                        downloadFile(await api.exportFailed(result.failResult));
                      } catch {
                        // Shown by the wrapper.
                      }
                    }}
                    data-testid="import-export-failed"
                  >
                    {t('upload.importExportFailed')}
                  </Button>
                }
                data-testid="import-failure"
              />
              <Table<FailedRow & { _i: string }>
                size="small"
                rowKey="_i"
                columns={failedColumns}
                dataSource={result.failResult.map((row, i) => ({ ...row, _i: String(i) }))}
                pagination={result.failResult.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                scroll={{ x: 'max-content' }}
                data-testid="import-failed-table"
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
