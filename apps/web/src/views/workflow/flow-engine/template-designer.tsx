/**
 * The full-screen designer of one template: its draft tree over the bound form, saved as the draft
 * under the version read, and published from the header. A refused publish lists the server's
 * problems; a stale save says so and loads the latest draft.
 */
import { migrateFormDesign, toFormLang, type FormJson } from '@atrium/shared/forms';
import { defaultFlowTree, type FlowNode } from '@atrium/shared/workflow';
import { Alert, Button, Drawer, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  flowTemplateApi,
  publishProblems,
  type FlowPublishProblem,
  type FlowTemplateInfo,
} from '../../../api/flow-template.ts';
import { modelApi } from '../../../api/visualdev.ts';
import { feedback } from '../../../app/feedback.ts';
import { isConflict } from '../../../components/admin/index.ts';
import { FormType, versionTag } from './template-state.tsx';

const FlowDesigner = lazy(() =>
  import('../../../components/flow-designer/index.ts').then((m) => ({ default: m.FlowDesigner })),
);

interface Props {
  id: string;
  onClose: () => void;
  /** After a save or a publish, so the list shows the new state. */
  onSaved: () => void;
}

interface Loaded {
  info: FlowTemplateInfo;
  tree: FlowNode;
  form: FormJson | null;
  /** Bumped on every load, so the designer starts again from what was loaded. */
  loads: number;
}

/** The form design JSON text as a design, or null when there is none or it cannot be read. */
function parseForm(text: string | null | undefined): FormJson | null {
  if (!text) return null;
  try {
    return migrateFormDesign(JSON.parse(text) as FormJson);
  } catch {
    return null;
  }
}

/** The version's form, else (before a first publish) the bound model's current design. */
async function formOf(info: FlowTemplateInfo): Promise<FormJson | null> {
  const own = parseForm(info.formData);
  if (own || info.formType !== FormType.designed || !info.formId) return own;
  try {
    return parseForm((await modelApi.info(info.formId)).formData);
  } catch {
    return null;
  }
}

export function TemplateDesigner({ id, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { message, modal } = feedback();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const current = useRef<FlowNode | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [problems, setProblems] = useState<FlowPublishProblem[]>([]);

  const load = useCallback(async () => {
    const info = await flowTemplateApi.info(id);
    const tree = info.draftTree ?? info.nodeTree ?? defaultFlowTree(toFormLang(i18n.language));
    const form = await formOf(info);
    current.current = tree;
    setLoaded((l) => ({ info, tree, form, loads: (l?.loads ?? 0) + 1 }));
    setDirty(false);
  }, [id, i18n.language]);

  useEffect(() => {
    load().catch(onClose);
    // Loads once per template; a change of language does not reload the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  /** Saves the draft; throws when it was not saved (the reason shown). */
  const save = async () => {
    const info = loaded!.info;
    setBusy('save');
    try {
      await flowTemplateApi.update(id, {
        enCode: info.enCode,
        fullName: info.fullName,
        category: info.category,
        flowType: info.flowType,
        formType: info.formType,
        formId: info.formId,
        icon: info.icon,
        iconBackground: info.iconBackground,
        description: info.description,
        sortCode: info.sortCode,
        nodeTree: current.current,
        version: info.version,
      });
      void message.success(t('flowDesigner.engine.draftSaved'));
      await load();
      onSaved();
    } catch (error) {
      if (isConflict(error)) {
        void message.warning(t('flowDesigner.engine.conflict'));
        await load();
      }
      throw error;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    try {
      if (dirty) await save();
    } catch {
      return;
    }
    setBusy('publish');
    setProblems([]);
    try {
      await flowTemplateApi.publish(id);
      void message.success(t('flowDesigner.engine.published'));
      await load();
      onSaved();
    } catch (error) {
      const listed = publishProblems(error);
      if (listed.length) setProblems(listed);
      else void message.error(error instanceof Error ? error.message : t('flowDesigner.engine.publishFailed'));
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: t('flowDesigner.engine.closeUnsaved'), onOk: onClose, okButtonProps: { danger: true } });
  };

  const info = loaded?.info;
  const title = (
    <Space>
      <span>{info?.fullName ?? t('flowDesigner.engine.design')}</span>
      {info && versionTag(t, info.currentVersion, info.hasDraft)}
      {dirty && <Tag color="orange">{t('flowDesigner.engine.changed')}</Tag>}
    </Space>
  );

  return (
    <Drawer
      open
      size="100%"
      placement="right"
      title={title}
      onClose={close}
      maskClosable={false}
      keyboard={false}
      push={false}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      extra={
        <Space>
          <Button
            onClick={() => void save().catch(() => undefined)}
            loading={busy === 'save'}
            disabled={!loaded || !!busy}
            data-testid="flow-save-draft"
          >
            {t('flowDesigner.engine.saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void publish()}
            loading={busy === 'publish'}
            disabled={!loaded || !!busy}
            data-testid="flow-publish"
          >
            {t('flowDesigner.engine.publish')}
          </Button>
        </Space>
      }
      data-testid="flow-template-designer"
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          banner
          closable
          onClose={() => setProblems([])}
          title={t('flowDesigner.engine.publishRefused')}
          description={
            <ul data-testid="flow-publish-problems">
              {problems.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {!loaded ? (
        <Spin style={{ margin: '120px auto' }} />
      ) : (
        <Suspense fallback={<Spin style={{ margin: '120px auto' }} />}>
          <FlowDesigner
            key={loaded.loads}
            value={loaded.tree}
            form={loaded.form}
            templateCode={loaded.info.enCode}
            onChange={(tree) => {
              current.current = tree;
              setDirty(true);
            }}
            height="100%"
          />
        </Suspense>
      )}
    </Drawer>
  );
}
