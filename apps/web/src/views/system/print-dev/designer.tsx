import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popover,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { FullWindowModal } from '../../../components/full-window-modal/index.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi, type PrintFieldNode, type PrintForm, type PrintType } from '../../../api/print-dev.ts';
import { isConflict } from '../../../components/admin/index.ts';
import { DictionarySelect, useDictionary } from '../../../components/dictionary-select/index.ts';
import { DEFAULT_PAGE, type PageParam } from '../../../components/print-preview/page-document.ts';
import { RichEditor, type RichEditorHandle, type TableAction } from '../../../components/rich-editor/index.ts';
import { FieldPanel } from './field-panel.tsx';
import { CATEGORY_DICTIONARY } from './print-dev-helpers.ts';
import styles from './print-dev.module.css';
import { feedback } from '../../../app/feedback.ts';

interface Props {
  /** The template to edit; a new one without. */
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Basic = Pick<PrintForm, 'fullName' | 'enCode' | 'category' | 'type' | 'sortCode' | 'description'> & {
  enabled: boolean;
};

const NEW_BASIC: Basic = {
  fullName: '',
  enCode: '',
  category: '',
  type: 2,
  sortCode: 0,
  description: '',
  enabled: true,
};
const MARGINS = ['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const;
const TABLE_ACTIONS: TableAction[] = [
  'insertRowAbove',
  'insertRowBelow',
  'insertColumnLeft',
  'insertColumnRight',
  'deleteRow',
  'deleteColumn',
  'deleteTable',
];
const TABLE_ACTION_LABEL: Record<TableAction, string> = {
  insertRowAbove: 'rowAbove',
  insertRowBelow: 'rowBelow',
  insertColumnLeft: 'columnLeft',
  insertColumnRight: 'columnRight',
  deleteRow: 'deleteRow',
  deleteColumn: 'deleteColumn',
  deleteTable: 'deleteTable',
};

/** The category: a printCategory dictionary item, or a typed code while that dictionary is empty. */
function CategoryField(props: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { options, loading } = useDictionary(CATEGORY_DICTIONARY);
  if (!loading && !options.length) {
    return (
      <Input
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange?.(e.target.value)}
        data-testid="print-category"
      />
    );
  }
  return (
    <DictionarySelect
      id={props.id}
      typeCode={CATEGORY_DICTIONARY}
      valueField="enCode"
      value={props.value}
      onChange={(v) => props.onChange?.(typeof v === 'string' ? v : '')}
      data-testid="print-category"
    />
  );
}

/**
 * The print template designer, a full-screen dialog: basic information, the SQL with its field
 * tree, the rich HTML template (fields, system tags, tables, page breaks) and the page settings.
 */
export function PrintDesigner({ id, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = feedback();
  const [basicForm] = Form.useForm<Basic>();
  const [pageForm] = Form.useForm<PageParam>();
  const editor = useRef<RichEditorHandle>(null);
  const [tab, setTab] = useState(id ? 'design' : 'basic');
  const [sql, setSql] = useState('');
  const [fields, setFields] = useState<PrintFieldNode[]>([]);
  const [loadingFields, setLoadingFields] = useState(false);
  const [record, setRecord] = useState<{ html: string; version?: number; loads: number } | null>(
    id ? null : { html: '', loads: 0 },
  );
  const [saving, setSaving] = useState(false);
  const [tableSize, setTableSize] = useState({ rows: 3, columns: 4 });

  const loadFields = useCallback(
    async (text: string, quiet = false) => {
      if (!text.trim()) return;
      setLoadingFields(true);
      try {
        const tree = await printDevApi.fields(text);
        setFields(tree);
        if (!quiet) {
          const count = tree.reduce((n, table) => n + (table.children?.length ?? 0), 0);
          void message.success(t('printDev.fieldsLoaded', { count }));
        }
      } catch {
        // The request wrapper has shown the server's message (which statement failed and why).
      } finally {
        setLoadingFields(false);
      }
    },
    [message, t],
  );

  const load = useCallback(async () => {
    if (!id) return;
    const info = await printDevApi.info(id);
    basicForm.setFieldsValue({
      fullName: info.fullName,
      enCode: info.enCode,
      category: info.category,
      type: info.type,
      sortCode: info.sortCode,
      description: info.description,
      enabled: info.enabledMark === 1,
    });
    pageForm.setFieldsValue({ ...DEFAULT_PAGE, ...info.pageParam });
    setSql(info.sqlTemplate);
    setRecord((r) => ({ html: info.printTemplate, version: info.version, loads: (r?.loads ?? 0) + 1 }));
    void loadFields(info.sqlTemplate, true);
  }, [id, basicForm, pageForm, loadFields]);

  useEffect(() => {
    load().catch(onClose);
  }, [load, onClose]);

  const save = async () => {
    let basic: Basic;
    try {
      basic = await basicForm.validateFields();
    } catch {
      setTab('basic');
      void message.warning(t('printDev.basicMissing'));
      return;
    }
    const page = { ...DEFAULT_PAGE, ...pageForm.getFieldsValue() };
    const body: PrintForm = {
      fullName: basic.fullName,
      enCode: basic.enCode,
      category: basic.category,
      type: basic.type as PrintType,
      sortCode: basic.sortCode ?? 0,
      description: basic.description ?? '',
      enabledMark: basic.enabled ? 1 : 0,
      sqlTemplate: sql,
      printTemplate: editor.current?.getHTML() ?? record?.html ?? '',
      pageParam: page,
    };
    setSaving(true);
    try {
      const res = id
        ? await printDevApi.update(id, { ...body, version: record?.version })
        : await printDevApi.create(body);
      void message.success(res.msg || t('admin.saved'));
      onSaved();
      onClose();
    } catch (error) {
      if (isConflict(error)) {
        void message.warning(t('admin.conflict'));
        await load();
      }
    } finally {
      setSaving(false);
    }
  };

  const insertTable = (
    <Space direction="vertical">
      <Space>
        <InputNumber
          min={1}
          max={50}
          value={tableSize.rows}
          addonAfter={t('printDev.tableRows')}
          data-testid="print-table-rows"
          onChange={(rows) => setTableSize((s) => ({ ...s, rows: rows ?? 1 }))}
        />
        <InputNumber
          min={1}
          max={20}
          value={tableSize.columns}
          addonAfter={t('printDev.tableColumns')}
          data-testid="print-table-columns"
          onChange={(columns) => setTableSize((s) => ({ ...s, columns: columns ?? 1 }))}
        />
      </Space>
      <Button
        type="primary"
        size="small"
        onClick={() => editor.current?.insertTable(tableSize.rows, tableSize.columns)}
        data-testid="print-table-insert"
      >
        {t('printDev.insertTable')}
      </Button>
    </Space>
  );

  const design = record && (
    <div className={styles.designPane}>
      <div className={styles.tableBar}>
        <Popover content={insertTable} trigger="click" placement="bottomLeft">
          <Button size="small" data-testid="print-table-open">
            {t('printDev.insertTable')}
          </Button>
        </Popover>
        {TABLE_ACTIONS.map((action) => (
          <Button key={action} size="small" onClick={() => editor.current?.tableAction(action)}>
            {t(`printDev.${TABLE_ACTION_LABEL[action]}`)}
          </Button>
        ))}
        <Typography.Text type="secondary" className={styles.tip}>
          {t('printDev.childRowTip')}
        </Typography.Text>
      </div>
      <div className={styles.editorHost}>
        <RichEditor
          key={record.loads}
          ref={editor}
          defaultValue={record.html}
          pageBreakLabel={t('printDev.pageBreak')}
          headingLabels={[
            t('printDev.headingNormal'),
            t('printDev.heading1'),
            t('printDev.heading2'),
            t('printDev.heading3'),
          ]}
          data-testid="print-editor"
        />
      </div>
    </div>
  );

  const tabs = [
    {
      key: 'basic',
      label: t('printDev.tabBasic'),
      forceRender: true,
      children: (
        <Form
          form={basicForm}
          layout="vertical"
          initialValues={NEW_BASIC}
          className={styles.basicForm}
          data-testid="print-basic-form"
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="fullName"
                label={t('printDev.fullName')}
                rules={[{ required: true, whitespace: true, max: 100 }]}
              >
                <Input data-testid="print-fullName" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="enCode"
                label={t('printDev.enCode')}
                rules={[{ required: true, max: 50, pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/ }]}
              >
                <Input data-testid="print-enCode" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label={t('printDev.category')} rules={[{ required: true }]}>
                <CategoryField />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="type" label={t('printDev.type')} rules={[{ required: true }]}>
                <Radio.Group
                  options={[
                    { value: 1, label: t('printDev.typeFlow') },
                    { value: 2, label: t('printDev.typeFunction') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sortCode" label={t('admin.sortCode')}>
                <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="enabled" label={t('admin.status')} valuePropName="checked">
                <Switch checkedChildren={t('admin.enabled')} unCheckedChildren={t('admin.disabled')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('admin.description')} rules={[{ max: 500 }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      ),
    },
    {
      key: 'sql',
      label: t('printDev.tabSql'),
      forceRender: true,
      children: (
        <div className={styles.sqlPane}>
          <Typography.Paragraph type="secondary">{t('printDev.sqlHelp')}</Typography.Paragraph>
          <Input.TextArea
            value={sql}
            onChange={(e) => setSql(e.target.value)}
            placeholder={t('printDev.sqlPlaceholder')}
            className={styles.sqlText}
            spellCheck={false}
            aria-label={t('printDev.sqlTemplate')}
            data-testid="print-sql"
          />
          <Button
            type="primary"
            loading={loadingFields}
            disabled={!sql.trim()}
            onClick={() => void loadFields(sql)}
            data-testid="print-load-fields"
          >
            {t('printDev.loadFields')}
          </Button>
        </div>
      ),
    },
    { key: 'design', label: t('printDev.tabDesign'), forceRender: true, children: design },
    {
      key: 'page',
      label: t('printDev.tabPage'),
      forceRender: true,
      children: (
        <Form form={pageForm} layout="vertical" initialValues={DEFAULT_PAGE} className={styles.basicForm}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="paper" label={t('printDev.paper')}>
                <Select
                  options={['A4', 'A5', 'Letter'].map((p) => ({ value: p, label: p }))}
                  data-testid="print-paper"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="orientation" label={t('printDev.orientation')}>
                <Radio.Group
                  options={[
                    { value: 'portrait', label: t('printDev.portrait') },
                    { value: 'landscape', label: t('printDev.landscape') },
                  ]}
                />
              </Form.Item>
            </Col>
            {MARGINS.map((m) => (
              <Col span={6} key={m}>
                <Form.Item name={m} label={t(`printDev.${m}`)}>
                  <InputNumber min={0} max={100} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      ),
    },
  ];

  return (
    <FullWindowModal
      open
      title={t(id ? 'printDev.edit' : 'printDev.add')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('printDev.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!record}
            onClick={() => void save()}
            data-testid="print-save"
          >
            {t('printDev.save')}
          </Button>
        </Space>
      }
      panelTestId="print-designer"
    >
      {!record ? (
        <Spin className={styles.loading} />
      ) : (
        <div className={styles.designerBody}>
          <FieldPanel
            fields={fields}
            onInsert={(value) => {
              setTab('design');
              editor.current?.insertField(value);
            }}
            onPageBreak={() => {
              setTab('design');
              editor.current?.insertPageBreak();
            }}
          />
          <Tabs className={styles.tabs} activeKey={tab} onChange={setTab} items={tabs} />
        </div>
      )}
    </FullWindowModal>
  );
}
