import {
  checkDesign,
  migrateFormDesign,
  parseAppLayout,
  toFormLang,
  type AppLayout,
  type ColumnData,
  type FormJson,
} from '@atrium/shared/forms';
import { Alert, Button, Col, Form, Input, InputNumber, Radio, Row, Space, Spin, Switch, Tabs, Tag } from 'antd';
import { FullWindowModal } from '../../../components/full-window-modal/index.tsx';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback.ts';
import { modelApi, type ModelForm, type WebType } from '../../../api/visualdev.ts';
import { isConflict } from '../../../components/admin/index.ts';
import { DictionarySelect } from '../../../components/dictionary-select/index.ts';
import { newColumnData, newFormJson, parseDesign } from './new-model.ts';
import { ReleaseDialog } from './release-dialog.tsx';
import { CATEGORY_DICTIONARY, stateTag } from './model-state.tsx';
import styles from './web-design.module.css';

// Each designer is a chunk of its own, loaded when its tab first shows.
const FormDesigner = lazy(() =>
  import('../../../components/form-designer/index.ts').then((m) => ({ default: m.FormDesigner })),
);
const ListDesigner = lazy(() =>
  import('../../../components/list-designer/index.ts').then((m) => ({ default: m.ListDesigner })),
);
const AppLayoutDesigner = lazy(() =>
  import('../../../components/list-designer/index.ts').then((m) => ({ default: m.AppLayoutDesigner })),
);

interface Props {
  /** The model to edit; a new one without. */
  id?: string;
  onClose: () => void;
  /** After a save or a release, so the list shows the new state. */
  onSaved: () => void;
}

type Basic = Pick<ModelForm, 'fullName' | 'enCode' | 'category' | 'webType' | 'sortCode' | 'description'> & {
  enabled: boolean;
};

const NEW_BASIC: Basic = {
  fullName: '',
  enCode: '',
  category: '',
  webType: 2,
  sortCode: 0,
  description: '',
  enabled: true,
};

interface Loaded {
  id?: string;
  version?: number;
  state: number;
  releasedAt?: number | null;
  form: FormJson;
  columns: ColumnData;
  app: AppLayout;
  /** Bumped on every load, so the designers start again from what was loaded. */
  loads: number;
}

/**
 * The designer of one model, a full-screen dialog: basic information, the form designer, the list
 * designer and the phone layout, saved together as the model's draft under its version; preview and
 * release from the header.
 */
export function ModelDesigner({ id: initialId, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { message, modal } = feedback();
  const navigate = useNavigate();
  const [basicForm] = Form.useForm<Basic>();
  const webType = Form.useWatch('webType', basicForm) as WebType | undefined;
  const [tab, setTab] = useState(initialId ? 'form' : 'basic');
  const [loaded, setLoaded] = useState<Loaded | null>(
    initialId ? null : { state: 0, form: newFormJson(), columns: newColumnData(), app: {}, loads: 0 },
  );
  // The designs as the user leaves them; the designers report every change here.
  const current = useRef<{ form: FormJson; columns: ColumnData; app: AppLayout } | null>(null);
  const [dirty, setDirty] = useState(!initialId);
  const [saving, setSaving] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [, redraw] = useState(0);

  const load = useCallback(
    async (id: string) => {
      const info = await modelApi.info(id);
      basicForm.setFieldsValue({
        fullName: info.fullName,
        enCode: info.enCode,
        category: info.category,
        webType: info.webType,
        sortCode: info.sortCode,
        description: info.description,
        enabled: info.enabledMark === 1,
      });
      const next = {
        id,
        version: info.version,
        state: info.state,
        releasedAt: info.releasedAt,
        form: migrateFormDesign(parseDesign(info.formData, newFormJson)),
        columns: parseDesign<ColumnData>(info.columnData, newColumnData),
        app: parseAppLayout(info.appData),
      };
      current.current = { form: next.form, columns: next.columns, app: next.app };
      setLoaded((l) => ({ ...next, loads: (l?.loads ?? 0) + 1 }));
      setDirty(false);
    },
    [basicForm],
  );

  useEffect(() => {
    if (initialId) load(initialId).catch(onClose);
  }, [initialId, load, onClose]);

  useEffect(() => {
    if (!initialId && loaded) current.current ??= { form: loaded.form, columns: loaded.columns, app: loaded.app };
  }, [initialId, loaded]);

  const change = (part: Partial<{ form: FormJson; columns: ColumnData; app: AppLayout }>) => {
    current.current = { ...current.current!, ...part };
    setDirty(true);
    // The list and phone designers are controlled and read the form of the moment; the form
    // designer keeps its own store and takes its starting design only.
    redraw((n) => n + 1);
  };

  /** Saves the draft; answers the model's id, or throws when it was not saved (the reason shown). */
  const save = async (): Promise<string> => {
    let basic: Basic;
    try {
      basic = await basicForm.validateFields();
    } catch (error) {
      setTab('basic');
      void message.warning(t('visualdev.basicMissing'));
      throw error;
    }
    const design = current.current!;
    const [problem] = checkDesign(design.form, toFormLang(i18n.language));
    if (problem) {
      setTab('form');
      void message.error(t('visualdev.designProblem', { message: problem.message }));
      throw new Error(problem.message);
    }
    const body: ModelForm = {
      fullName: basic.fullName,
      enCode: basic.enCode,
      type: 1,
      category: basic.category ?? '',
      webType: basic.webType,
      formData: JSON.stringify(design.form),
      // A form-only model has no list; what the list designer holds is kept for a later change of mode.
      columnData: JSON.stringify(design.columns),
      appData: JSON.stringify(design.app),
      enabledMark: basic.enabled ? 1 : 0,
      sortCode: basic.sortCode ?? 0,
      description: basic.description ?? '',
    };
    setSaving(true);
    try {
      let id = loaded?.id;
      if (id) await modelApi.update(id, { ...body, version: loaded!.version! });
      else id = await modelApi.create(body);
      void message.success(t('visualdev.saved'));
      await load(id);
      onSaved();
      return id;
    } catch (error) {
      if (isConflict(error) && loaded?.id) {
        void message.warning(t('visualdev.conflict'));
        await load(loaded.id);
      }
      throw error;
    } finally {
      setSaving(false);
    }
  };

  const savedId = async () => (dirty || !loaded?.id ? await save() : loaded.id);

  const preview = async () => {
    try {
      const id = await savedId();
      onClose();
      void navigate(`/previewModel?id=${encodeURIComponent(id)}`);
    } catch {
      // Not saved: the reason is on screen.
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({ title: t('visualdev.closeUnsaved'), onOk: onClose, okButtonProps: { danger: true } });
  };

  const hasList = webType !== 1;
  const design = current.current;
  const tabs = [
    {
      key: 'basic',
      label: t('visualdev.tabBasic'),
      forceRender: true,
      children: (
        <Form
          form={basicForm}
          layout="vertical"
          initialValues={NEW_BASIC}
          className={styles.basicForm}
          onValuesChange={() => setDirty(true)}
          data-testid="model-basic-form"
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="fullName"
                label={t('visualdev.fullName')}
                rules={[{ required: true, whitespace: true, max: 100 }]}
              >
                <Input data-testid="model-fullName" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="enCode"
                label={t('visualdev.enCode')}
                rules={[{ required: true, max: 50, pattern: /^[A-Za-z][A-Za-z0-9_]*$/ }]}
              >
                <Input data-testid="model-enCode" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label={t('visualdev.category')}>
                <DictionarySelect typeCode={CATEGORY_DICTIONARY} valueField="enCode" allowClear />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="webType" label={t('visualdev.webType')}>
                <Radio.Group
                  options={[1, 2].map((v) => ({ value: v, label: t(`visualdev.webType${v}`) }))}
                  data-testid="model-webType"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sortCode" label={t('visualdev.sortCode')}>
                <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="enabled" label={t('admin.status')} valuePropName="checked">
                <Switch checkedChildren={t('admin.enabled')} unCheckedChildren={t('admin.disabled')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('visualdev.description')} rules={[{ max: 500 }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      ),
    },
    {
      key: 'form',
      label: t('visualdev.tabForm'),
      children: loaded && (
        <FormDesigner key={loaded.loads} value={loaded.form} onChange={(form) => change({ form })} height="100%" />
      ),
    },
    {
      key: 'list',
      label: t('visualdev.tabList'),
      children:
        loaded && design ? (
          hasList ? (
            <ListDesigner
              key={loaded.loads}
              form={design.form}
              value={design.columns}
              onChange={(columns) => change({ columns })}
            />
          ) : (
            <Alert type="info" showIcon message={t('visualdev.noList')} />
          )
        ) : null,
    },
    {
      key: 'app',
      label: t('visualdev.tabApp'),
      children:
        loaded && design ? (
          <AppLayoutDesigner
            key={loaded.loads}
            form={design.form}
            columns={design.columns}
            value={design.app}
            onChange={(app) => change({ app })}
          />
        ) : null,
    },
  ];

  const title = (
    <Space>
      <span>{loaded?.id ? basicForm.getFieldValue('fullName') || t('visualdev.edit') : t('visualdev.add')}</span>
      {loaded?.id && stateTag(t, loaded.state, loaded.releasedAt)}
      {dirty && loaded?.id && <Tag color="orange">{t('visualdev.changed')}</Tag>}
    </Space>
  );

  return (
    <FullWindowModal
      open
      title={title}
      onCancel={close}
      maskClosable={false}
      keyboard={false}
      footer={
        <Space>
          <Button onClick={close} data-testid="model-close">
            {t('visualdev.close')}
          </Button>
          <Button onClick={() => void preview()} disabled={!loaded} data-testid="model-preview">
            {t('visualdev.preview')}
          </Button>
          <Button onClick={() => setReleasing(true)} disabled={!loaded} data-testid="model-release">
            {t('visualdev.release')}
          </Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!loaded}
            onClick={() => void save().catch(() => undefined)}
            data-testid="model-save"
          >
            {t('visualdev.save')}
          </Button>
        </Space>
      }
      panelTestId="model-designer"
    >
      {!loaded ? (
        <Spin className={styles.loading} />
      ) : (
        <Suspense fallback={<Spin className={styles.loading} />}>
          <Tabs className={styles.tabs} activeKey={tab} onChange={setTab} items={tabs} destroyOnHidden={false} />
        </Suspense>
      )}
      {releasing && loaded && (
        <ReleaseDialog
          model={{ fullName: basicForm.getFieldValue('fullName') as string }}
          note={dirty || !loaded.id ? t('visualdev.releaseSaveFirst') : undefined}
          prepare={savedId}
          onClose={() => setReleasing(false)}
          onReleased={(id) => {
            void load(id);
            onSaved();
          }}
        />
      )}
    </FullWindowModal>
  );
}
