import type { MenuSelectorNode } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import { modelApi, type ModelSummary } from '../../../api/visualdev.ts';
import { menuApi, systemApi } from '../../authorize/menu/api.ts';

interface Props {
  model: Pick<ModelSummary, 'fullName'> & { id?: string };
  /**
   * Called before the release to save a design the user is editing; answers the model's id (a new
   * model has one only once saved). A rejection stops the release.
   */
  prepare?: () => Promise<string>;
  /** The note shown above the choices (that unsaved changes are saved first). */
  note?: string;
  onClose: () => void;
  onReleased: (id: string) => void;
}

/** The top of a system's menu tree: a release there makes a top-level entry. */
const TOP = '-1';

interface ParentNode {
  value: string;
  title: string;
  children?: ParentNode[];
}

/** Directories only: a released function is placed under a directory (type 1) or at the top. */
function directories(nodes: MenuSelectorNode[]): ParentNode[] {
  return nodes
    .filter((n) => n.type === 1)
    .map((n) => ({ value: n.id, title: n.fullName, children: directories(n.children ?? []) }));
}

/** Release: pick the system and the directory the model's menu entry goes under, then release. */
export function ReleaseDialog({ model, prepare, note, onClose, onReleased }: Props) {
  const { t } = useTranslation();
  const { message } = feedback();
  const [systemId, setSystemId] = useState<string>();
  const [parentId, setParentId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const systems = useQuery({ queryKey: ['visualdev', 'release', 'systems'], queryFn: () => systemApi.list() });
  const menus = useQuery({
    queryKey: ['visualdev', 'release', 'menus', systemId],
    queryFn: () => menuApi.selector('0', systemId!),
    enabled: !!systemId,
  });
  useEffect(() => {
    if (!systemId && systems.data?.length) setSystemId(systems.data[0]!.id);
  }, [systems.data, systemId]);

  const release = async () => {
    if (!systemId || !parentId) return;
    setBusy(true);
    try {
      const id = prepare ? await prepare() : model.id!;
      const res = await modelApi.release(id, { pcSystemId: systemId, pcModuleParentId: parentId });
      void message.success(res.msg || t('visualdev.released'));
      onReleased(id);
      onClose();
    } catch {
      // The request wrapper (or the save before) has shown what went wrong; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`${t('visualdev.releaseTitle')}: ${model.fullName}`}
      onCancel={onClose}
      onOk={() => void release()}
      okText={t('visualdev.release')}
      okButtonProps={{ disabled: !systemId || !parentId, loading: busy, id: 'release-confirm' }}
      maskClosable={false}
      destroyOnHidden
    >
      {note && <Alert type="warning" showIcon message={note} style={{ marginBottom: 12 }} />}
      <Alert type="info" showIcon message={t('visualdev.releaseHint')} style={{ marginBottom: 16 }} />
      {systems.isError ? (
        <Alert type="error" showIcon message={t('visualdev.releaseNoMenuAccess')} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('visualdev.releaseSystem')} required>
            <Select
              value={systemId}
              loading={systems.isLoading}
              options={(systems.data ?? []).map((s) => ({ value: s.id, label: s.fullName }))}
              onChange={(id: string) => {
                setSystemId(id);
                setParentId(undefined);
              }}
              data-testid="release-system"
            />
          </Form.Item>
          <Form.Item label={t('visualdev.releaseParent')} required>
            <TreeSelect
              value={parentId}
              loading={menus.isLoading}
              treeDefaultExpandAll
              treeData={[{ value: TOP, title: t('authorize.topLevel'), children: directories(menus.data ?? []) }]}
              onChange={(id: string) => setParentId(id)}
              showSearch
              treeNodeFilterProp="title"
              data-testid="release-parent"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
