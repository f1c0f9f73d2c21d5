import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFiles, type MessageFile } from '../../../api/message.ts';
import { uploadAttachment } from '../../../api/file.ts';
import { FileLink } from '../../../components/file-link/index.ts';

interface Props {
  /** The files JSON text of the notice. */
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A notice's attachments: each file is uploaded first (the server keeps it under a generated name
 * and answers its record); the notice stores the records as JSON text. Removing one only unlinks it.
 * Each name downloads the file through the link the server handed out with the record (the upload
 * answer, or the notice as loaded for the form); the server stores the records without those links.
 */
export function AttachmentsField({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(0);
  const files = parseFiles(value);
  // Uploads finish in any order and maybe before a re-render: each adds to the newest list.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const save = (next: MessageFile[]) => {
    latest.current = JSON.stringify(next);
    onChange?.(latest.current);
  };

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <Upload
        multiple
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          uploadAttachment(file as File)
            .then((record) => {
              save([...parseFiles(latest.current), record]);
              onSuccess?.(record);
            })
            // The request wrapper has shown the server's reason (size, type).
            .catch((error: Error) => onError?.(error))
            .finally(() => setUploading((n) => n - 1));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} data-testid="notice-attach">
          {t('message.uploadAttachment')}
        </Button>
      </Upload>
      {files.length > 0 && (
        <Space wrap data-testid="notice-attachments">
          {files.map((f, i) => (
            <Tag
              key={`${f.fileId ?? f.name}-${i}`}
              icon={<PaperClipOutlined />}
              closable
              onClose={() => save(files.filter((_, j) => j !== i))}
            >
              {f.url ? <FileLink url={f.url} name={f.name} data-testid="notice-attachment-link" /> : f.name}
            </Tag>
          ))}
        </Space>
      )}
    </Space>
  );
}
