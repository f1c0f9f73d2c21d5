import { PaperClipOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFiles, type MessageFile } from '../../../api/message.ts';
import { FileLink } from '../../../components/file-link/index.ts';
import { ChunkUploader } from '../../../components/upload/index.ts';

/** The server's upload settings (size and types) are the real limit; the client only stops what is surely too big. */
const NOTICE_UPLOAD_RULES = { fileSize: 2, sizeUnit: 'GB' as const };

interface Props {
  /** The files JSON text of the notice. */
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A notice's attachments: each file is uploaded first, in chunks with resume (the server keeps it
 * under a generated name and answers its record); the notice stores the records as JSON text. Removing one only unlinks it.
 * Each name downloads the file through the link the server handed out with the record (the upload
 * answer, or the notice as loaded for the form); the server stores the records without those links.
 */
export function AttachmentsField({ value, onChange }: Props) {
  const { t } = useTranslation();
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
      <ChunkUploader
        rules={NOTICE_UPLOAD_RULES}
        held={files.length}
        onUploaded={(record) => save([...parseFiles(latest.current), record])}
        buttonText={t('message.uploadAttachment')}
        buttonTestId="notice-attach"
      />
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
