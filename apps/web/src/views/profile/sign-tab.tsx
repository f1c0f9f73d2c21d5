import { DeleteOutlined, PlusOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Skeleton, Tabs, Tag, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addSignImage,
  deleteSignImage,
  getSignImages,
  setDefaultSignImage,
  type SignImage,
} from '../../api/current-user.ts';
import styles from './profile.module.css';
import { SignPad, type SignPadHandle } from './sign-pad.tsx';
import { feedback } from '../../app/feedback.ts';

const SIGN_KEY = ['current-user', 'sign-images'] as const;
/** Server limit for a signature image. */
const SIGN_MAX_BYTES = 200 * 1024;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function AddSignDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  onSaved(image: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = feedback();
  const pad = useRef<SignPadHandle>(null);
  const [mode, setMode] = useState<'draw' | 'upload'>('draw');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function pick(file: File) {
    if (file.type !== 'image/png') {
      void message.error(t('profile.sign.pngOnly'));
      return;
    }
    if (file.size > SIGN_MAX_BYTES) {
      void message.error(t('profile.sign.tooLarge'));
      return;
    }
    setUploaded(await readAsDataUrl(file));
  }

  async function save() {
    const image = mode === 'draw' ? pad.current?.toDataUrl() : uploaded;
    if (!image) {
      void message.warning(mode === 'draw' ? t('profile.sign.emptyCanvas') : t('profile.sign.noFile'));
      return;
    }
    // A data URL is ~4/3 of the bytes it carries.
    if (image.length * 0.75 > SIGN_MAX_BYTES) {
      void message.error(t('profile.sign.tooLarge'));
      return;
    }
    setSaving(true);
    try {
      await onSaved(image);
      setUploaded(null);
      pad.current?.clear();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('profile.sign.add')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={[
        mode === 'draw' ? (
          <Button key="clear" onClick={() => pad.current?.clear()} data-testid="sign-clear">
            {t('profile.sign.clear')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="sign-save">
          {t('profile.save')}
        </Button>,
      ]}
    >
      <Tabs
        activeKey={mode}
        onChange={(key) => setMode(key as 'draw' | 'upload')}
        items={[
          {
            key: 'draw',
            label: <span data-testid="sign-mode-draw">{t('profile.sign.draw')}</span>,
            children: (
              <>
                <SignPad ref={pad} ariaLabel={t('profile.sign.drawHint')} />
                <div style={{ marginTop: 6, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                  {t('profile.sign.drawHint')}
                </div>
              </>
            ),
          },
          {
            key: 'upload',
            label: <span data-testid="sign-mode-upload">{t('profile.sign.upload')}</span>,
            children: (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 12, alignItems: 'flex-start' }}>
                <Upload
                  accept="image/png"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void pick(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="sign-file">
                    {t('profile.sign.uploadHint')}
                  </Button>
                </Upload>
                {uploaded && (
                  <div className={styles.signImage} style={{ width: '100%' }}>
                    <img src={uploaded} alt={t('profile.sign.preview')} />
                  </div>
                )}
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}

export function SignTab() {
  const { t } = useTranslation();
  const { message, modal } = feedback();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const { data: signs = [], isPending } = useQuery({
    queryKey: SIGN_KEY,
    queryFn: async () => (await getSignImages()).data ?? [],
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: SIGN_KEY });

  async function add(image: string) {
    try {
      const { msg } = await addSignImage(image, signs.length === 0);
      void message.success(msg || t('profile.saved'));
      setAdding(false);
      await reload();
    } catch {
      // The wrapper has shown the server's reason; the dialog stays open.
    }
  }

  async function makeDefault(sign: SignImage) {
    setBusyId(sign.id);
    try {
      const { msg } = await setDefaultSignImage(sign.id);
      void message.success(msg || t('profile.saved'));
      await reload();
    } catch {
      // Shown by the wrapper.
    } finally {
      setBusyId(null);
    }
  }

  function remove(sign: SignImage) {
    void modal.confirm({
      title: t('profile.sign.deleteTitle'),
      content: t('profile.sign.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const { msg } = await deleteSignImage(sign.id);
          void message.success(msg || t('profile.deleted'));
          await reload();
        } catch {
          // Shown by the wrapper.
        }
      },
    });
  }

  return (
    <div>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setAdding(true)}
        style={{ marginBottom: 16 }}
        data-testid="sign-add"
      >
        {t('profile.sign.add')}
      </Button>
      {isPending ? (
        <Skeleton active />
      ) : (
        <div data-testid="sign-list">
          {signs.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty')} />
          ) : (
            <div className={styles.signGrid}>
              {signs.map((sign) => (
                <div
                  key={sign.id}
                  className={`${styles.signItem} ${sign.isDefault ? styles.signItemDefault : ''}`}
                  data-testid="sign-item"
                  data-default={sign.isDefault ? 'true' : 'false'}
                >
                  <div className={styles.signImage}>
                    <img src={sign.signImg} alt={t('profile.sign.preview')} />
                  </div>
                  <div className={styles.signActions}>
                    {sign.isDefault ? (
                      <Tag color="blue">{t('profile.default')}</Tag>
                    ) : (
                      <Button
                        size="small"
                        type="link"
                        icon={<StarOutlined />}
                        loading={busyId === sign.id}
                        onClick={() => void makeDefault(sign)}
                        data-testid="sign-set-default"
                      >
                        {t('profile.setDefault')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(sign)}
                      data-testid="sign-delete"
                    >
                      {t('profile.delete')}
                    </Button>
                  </div>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
      <AddSignDialog open={adding} onClose={() => setAdding(false)} onSaved={add} />
    </div>
  );
}
