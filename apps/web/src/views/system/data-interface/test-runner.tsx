import { CaretRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Form, Input, InputNumber, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request.ts';
import { dataInterfaceApi, type PreviewRequest } from '../../../api/data-interface.ts';
import styles from './data-interface.module.css';

interface Props {
  /** The interface to test, or null when closed. */
  target: { id: string; fullName: string } | null;
  onClose: () => void;
}

type Outcome = { ok: true; data: unknown; ms: number } | { ok: false; message: string; ms: number };

/** How many rows an answer holds: an array, or the list of a paged answer. */
function rowCount(data: unknown): number | undefined {
  if (Array.isArray(data)) return data.length;
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? list.length : undefined;
}

/**
 * The test runner: fill in the declared parameters (and the page of a paged SQL interface), run
 * the interface through Preview, and see the JSON it answers or the reason it was refused.
 */
export function TestRunner({ target, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string | number>>();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const info = useQuery({
    queryKey: ['system', 'dataInterface', 'info', target?.id],
    queryFn: () => dataInterfaceApi.info(target!.id),
    enabled: !!target,
  });
  const def = info.data;
  const paged = def?.dataType === 1 && def.checkType === 1;

  useEffect(() => {
    setOutcome(null);
    form.resetFields();
  }, [target?.id, form]);
  useEffect(() => {
    if (!def) return;
    form.setFieldsValue({
      ...Object.fromEntries(def.requestParameters.map((p) => [`p_${p.field}`, p.defaultValue])),
      keyword: '',
      currentPage: 1,
      pageSize: 20,
    });
  }, [def, form]);

  async function run() {
    if (!def || !target) return;
    const values = form.getFieldsValue();
    const body: PreviewRequest = {
      paramList: def.requestParameters.map((p) => ({ field: p.field, value: String(values[`p_${p.field}`] ?? '') })),
      ...(paged
        ? {
            keyword: String(values.keyword ?? ''),
            currentPage: Number(values.currentPage) || 1,
            pageSize: Number(values.pageSize) || 20,
          }
        : {}),
    };
    setRunning(true);
    const started = performance.now();
    try {
      const data = await dataInterfaceApi.preview(target.id, body);
      setOutcome({ ok: true, data, ms: Math.round(performance.now() - started) });
    } catch (error) {
      const message = error instanceof RequestError || error instanceof Error ? error.message : String(error);
      setOutcome({ ok: false, message, ms: Math.round(performance.now() - started) });
    } finally {
      setRunning(false);
    }
  }

  const count = outcome?.ok ? rowCount(outcome.data) : undefined;
  return (
    <Drawer
      open={!!target}
      size={720}
      title={target ? t('dataInterface.testTitle', { name: target.fullName }) : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="di-test-runner"
    >
      <Spin spinning={info.isFetching}>
        <Form form={form} layout="vertical" onFinish={() => void run()}>
          <Typography.Title level={5}>{t('dataInterface.parameters')}</Typography.Title>
          {def && def.requestParameters.length === 0 && (
            <Typography.Paragraph type="secondary">{t('dataInterface.noParameters')}</Typography.Paragraph>
          )}
          {def?.requestParameters.map((p) => (
            <Form.Item
              key={p.field}
              name={`p_${p.field}`}
              label={
                <Space size={4}>
                  {p.fieldName ? `${p.fieldName} (${p.field})` : p.field}
                  <Tag>{t(`dataInterface.paramTypes.${p.dataType}`, { defaultValue: p.dataType })}</Tag>
                </Space>
              }
              required={p.required === 1}
            >
              <Input data-testid={`di-test-param-${p.field}`} />
            </Form.Item>
          ))}
          {paged && (
            <Space wrap>
              <Form.Item name="keyword" label={t('dataInterface.keyword')}>
                <Input data-testid="di-test-keyword" />
              </Form.Item>
              <Form.Item name="currentPage" label={t('dataInterface.currentPage')}>
                <InputNumber min={1} precision={0} />
              </Form.Item>
              <Form.Item name="pageSize" label={t('dataInterface.pageSize')}>
                <InputNumber min={1} max={500} precision={0} />
              </Form.Item>
            </Space>
          )}
          <Button
            type="primary"
            htmlType="submit"
            icon={<CaretRightOutlined />}
            loading={running}
            data-testid="di-test-run"
          >
            {t('dataInterface.run')}
          </Button>
        </Form>
      </Spin>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('dataInterface.result')}
        {outcome && (
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 8, fontSize: 13 }}>
            {count !== undefined && `${t('dataInterface.resultRows', { count })} · `}
            {t('dataInterface.duration', { ms: outcome.ms })}
          </Typography.Text>
        )}
      </Typography.Title>
      {!outcome && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataInterface.notRun')} />}
      {outcome && !outcome.ok && (
        <Alert
          type="error"
          showIcon
          title={t('dataInterface.failed')}
          description={outcome.message}
          data-testid="di-test-error"
        />
      )}
      {outcome?.ok && (
        <pre className={styles.result} data-testid="di-test-result">
          {JSON.stringify(outcome.data, null, 2)}
        </pre>
      )}
    </Drawer>
  );
}
