import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Radio, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  dataInterfaceApi,
  PARAMETER_TYPES,
  type DataInterfaceCategoryNode,
  type DataInterfaceForm,
} from '../../../api/data-interface.ts';
import { FormDialog, resourceFormCalls } from '../../../components/admin/index.ts';
import { CodeField, NameField, RecordFields } from '../../../components/admin/fields.tsx';
import styles from './data-interface.module.css';

const NEW_INTERFACE: Partial<DataInterfaceForm> = {
  dataType: 1,
  checkType: 0,
  requestMethod: 'GET',
  query: '',
  requestParameters: [],
  requestHeaders: [],
  dataProcessing: '',
  propertyJson: { countSql: '', echoSql: '', pageParameters: '', echoParameters: '' },
  enabledMark: 1,
  sortCode: 0,
};

/** The declared parameters: name, label, type, default, required (one line each). */
function ParameterList() {
  const { t } = useTranslation();
  return (
    <Form.List name="requestParameters">
      {(fields, { add, remove }) => (
        <div data-testid="di-parameters">
          {fields.map(({ key, name }) => (
            <div key={key} className={styles.rowLine}>
              <Form.Item
                name={[name, 'field']}
                noStyle
                rules={[
                  { required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('dataInterface.paramField') },
                ]}
              >
                <Input
                  placeholder={t('dataInterface.paramField')}
                  style={{ width: 140 }}
                  data-testid="di-param-field"
                />
              </Form.Item>
              <Form.Item name={[name, 'fieldName']} noStyle>
                <Input placeholder={t('dataInterface.paramName')} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[name, 'dataType']} noStyle initialValue="varchar">
                <Select
                  style={{ width: 130 }}
                  aria-label={t('dataInterface.paramType')}
                  options={PARAMETER_TYPES.map((v) => ({ value: v, label: t(`dataInterface.paramTypes.${v}`) }))}
                />
              </Form.Item>
              <Form.Item name={[name, 'defaultValue']} noStyle>
                <Input placeholder={t('dataInterface.paramDefault')} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item
                name={[name, 'required']}
                noStyle
                valuePropName="checked"
                getValueProps={(v: number | undefined) => ({ checked: v === 1 })}
                normalize={(checked: boolean) => (checked ? 1 : 0)}
              >
                <Checkbox>{t('dataInterface.paramRequired')}</Checkbox>
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('admin.remove')}
                onClick={() => remove(name)}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ field: '', dataType: 'varchar', defaultValue: '', required: 0 })}
            data-testid="di-param-add"
          >
            {t('dataInterface.addParameter')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function HeaderList() {
  const { t } = useTranslation();
  return (
    <Form.List name="requestHeaders">
      {(fields, { add, remove }) => (
        <div>
          {fields.map(({ key, name }) => (
            <div key={key} className={styles.rowLine}>
              <Form.Item
                name={[name, 'field']}
                noStyle
                rules={[{ required: true, message: t('dataInterface.headerName') }]}
              >
                <Input placeholder={t('dataInterface.headerName')} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name={[name, 'value']} noStyle>
                <Input placeholder={t('dataInterface.headerValue')} style={{ width: 320 }} />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('admin.remove')}
                onClick={() => remove(name)}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ field: '', value: '' })}>
            {t('dataInterface.addHeader')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The fields that depend on the type: SQL (+ paging, count and echo SQL), static JSON, or HTTP. */
function TypeFields({ form }: { form: FormInstance<DataInterfaceForm> }) {
  const { t } = useTranslation();
  const dataType = Form.useWatch('dataType', form);
  const checkType = Form.useWatch('checkType', form);
  if (dataType === 2) {
    return (
      <Form.Item
        name="query"
        label={t('dataInterface.staticData')}
        rules={[
          { required: true, message: t('admin.required', { field: t('dataInterface.staticData') }) },
          {
            validator: async (_, value: string) => {
              if (value) JSON.parse(value);
            },
            message: t('dataInterface.jsonInvalid'),
          },
        ]}
      >
        <Input.TextArea rows={10} className={styles.code} spellCheck={false} data-testid="di-query" />
      </Form.Item>
    );
  }
  if (dataType === 3) {
    return (
      <>
        <Form.Item name="requestMethod" label={t('dataInterface.requestMethod')}>
          <Radio.Group options={['GET', 'POST'].map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item
          name="query"
          label={t('dataInterface.url')}
          extra={t('dataInterface.urlHint')}
          rules={[{ required: true, message: t('admin.required', { field: t('dataInterface.url') }) }]}
        >
          <Input placeholder="https://" data-testid="di-query" />
        </Form.Item>
        <Form.Item label={t('dataInterface.headers')}>
          <HeaderList />
        </Form.Item>
      </>
    );
  }
  return (
    <>
      <Form.Item name="checkType" label={t('dataInterface.checkType')}>
        <Radio.Group
          options={[
            { value: 0, label: t('dataInterface.unpaged') },
            { value: 1, label: t('dataInterface.paged') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="query"
        label={t('dataInterface.sql')}
        extra={t('dataInterface.sqlHint')}
        rules={[{ required: true, message: t('admin.required', { field: t('dataInterface.sql') }) }]}
      >
        <Input.TextArea rows={7} className={styles.code} spellCheck={false} data-testid="di-query" />
      </Form.Item>
      {checkType === 1 && (
        <Form.Item
          name={['propertyJson', 'countSql']}
          label={t('dataInterface.countSql')}
          extra={t('dataInterface.countSqlHint')}
        >
          <Input.TextArea rows={3} className={styles.code} spellCheck={false} />
        </Form.Item>
      )}
      <Form.Item
        name={['propertyJson', 'echoSql']}
        label={t('dataInterface.echoSql')}
        extra={t('dataInterface.echoSqlHint')}
      >
        <Input.TextArea rows={3} className={styles.code} spellCheck={false} />
      </Form.Item>
    </>
  );
}

interface Props {
  /** Open for this interface (id), a new one ({}), or closed (null). */
  target: { id?: string } | null;
  categories: DataInterfaceCategoryNode[];
  /** Category of a new interface (the one selected in the tree). */
  categoryId?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Create / edit a data interface: a form per type, the parameter table and the processing script. */
export function InterfaceDialog({ target, categories, categoryId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const id = target?.id;
  return (
    <FormDialog<DataInterfaceForm>
      open={!!target}
      width={900}
      title={t(id ? 'dataInterface.editTitle' : 'dataInterface.add')}
      {...resourceFormCalls(dataInterfaceApi, id)}
      initialValues={id ? undefined : { ...NEW_INTERFACE, categoryId: categoryId ?? categories[0]?.id }}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <Form.Item
            name="categoryId"
            label={t('dataInterface.category')}
            rules={[{ required: true, message: t('admin.requiredSelect', { field: t('dataInterface.category') }) }]}
          >
            <Select options={categories.map((c) => ({ value: c.id, label: c.fullName }))} data-testid="di-category" />
          </Form.Item>
          <NameField label={t('dataInterface.fullName')} />
          <CodeField label={t('dataInterface.enCode')} />
          <Form.Item name="dataType" label={t('dataInterface.dataType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 1, label: t('dataInterface.typeSql') },
                { value: 2, label: t('dataInterface.typeJson') },
                { value: 3, label: t('dataInterface.typeApi') },
              ]}
              data-testid="di-type"
            />
          </Form.Item>
          <TypeFields form={form} />
          <Form.Item label={t('dataInterface.parameters')}>
            <ParameterList />
          </Form.Item>
          <Form.Item
            name="dataProcessing"
            label={t('dataInterface.dataProcessing')}
            extra={t('dataInterface.dataProcessingHint')}
          >
            <Input.TextArea rows={3} className={styles.code} spellCheck={false} placeholder="(data) => data" />
          </Form.Item>
          <RecordFields />
        </>
      )}
    </FormDialog>
  );
}
