import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../api/request.ts';
import { sysConfigApi } from '../../../api/sys-config.ts';
import styles from './sys-config.module.css';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface Props {
  /** The stored image URL ('' = none); set by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  'data-testid'?: string;
}

/**
 * A logo setting: the current image, an upload button (the server checks the content and the
 * upload limits, and stores it under a generated name) and a remove button.
 */
export function IconUpload({ value, onChange, id, ...rest }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const testId = rest['data-testid'] ?? 'icon-upload';

  async function upload(file: File) {
    setBusy(true);
    try {
      onChange?.((await sysConfigApi.uploadIcon(file)).url);
    } catch {
      // The request wrapper has shown why; the old image stays.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space id={id} align="center" data-testid={testId}>
      <div className={styles.iconBox}>
        {value ? (
          <img src={apiUrl(value)} alt="" className={styles.icon} />
        ) : (
          <PictureOutlined className={styles.none} />
        )}
      </div>
      <Upload
        accept={IMAGE_TYPES}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          // The request wrapper posts it (with the token); antd must not post it itself.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-button`}>
          {t('sysConfig.uploadImage')}
        </Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
          {t('sysConfig.removeImage')}
        </Button>
      )}
    </Space>
  );
}
