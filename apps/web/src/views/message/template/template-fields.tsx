import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  renderMessageTemplate,
  undeclaredPlaceholders,
  type MessageTemplateForm,
  type TemplateParam,
} from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { messageTemplateApi } from '../../../api/message-template.ts';
import { DictionarySelect } from '../../../components/dictionary-select/index.ts';
import { NameField, RecordFields } from '../../../components/admin/fields.tsx';
import { insertAt, type Caret } from './insert-at.ts';
import { channelOptions, messageTypeOptions } from './options.ts';
import styles from './msg-template.module.css';

type Part = 'title' | 'content';
type TextTarget = { selectionStart: number | null; selectionEnd: number | null };

/**
 * The fields of a message template: texts with `{field}` placeholders, the declared parameters, a
 * list of the message type's parameters that inserts one at the caret of the title or content last
 * edited, and a live preview rendered by the same function that renders real messages.
 */
export function TemplateFields({ form }: { form: FormInstance<MessageTemplateForm> }) {
  const { t } = useTranslation();
  const messageType = Form.useWatch('messageType', form);
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const declared: TemplateParam[] = (Form.useWatch('templateJson', form) ?? []).filter(Boolean);
  const { data: typeParams = [] } = useQuery({
    queryKey: ['message', 'template', 'typeParams', messageType],
    queryFn: () => messageTemplateApi.typeParams(messageType!),
    enabled: !!messageType,
  });
  const last = useRef<Part>('content');
  const carets = useRef<Partial<Record<Part, Caret>>>({});
  const remember = (part: Part) => (e: { target: EventTarget }) => {
    const el = e.target as unknown as TextTarget;
    last.current = part;
    carets.current[part] = { start: el.selectionStart ?? 0, end: el.selectionEnd ?? 0 };
  };

  function insert(param: TemplateParam) {
    const part = last.current;
    const next = insertAt(String(form.getFieldValue(part) ?? ''), `{${param.field}}`, carets.current[part]);
    carets.current[part] = { start: next.caret, end: next.caret };
    form.setFieldValue(part, next.text);
    const params: TemplateParam[] = form.getFieldValue('templateJson') ?? [];
    if (!params.some((p) => p?.field === param.field)) form.setFieldValue('templateJson', [...params, param]);
    void form.validateFields(['title', 'content']).catch(() => undefined);
  }

  /** Every placeholder must be declared: the server refuses the save otherwise, naming it. */
  const declaredRule: Rule = ({ getFieldValue }) => ({
    validator(_, text: string | undefined) {
      const params: TemplateParam[] = (getFieldValue('templateJson') ?? []).filter(Boolean);
      const [missing] = undeclaredPlaceholders({ title: text ?? '', content: '' }, params);
      return missing
        ? Promise.reject(new Error(t('msgTemplate.undeclared', { placeholder: `{${missing}}` })))
        : Promise.resolve();
    },
  });

  const sample = Object.fromEntries(declared.map((p) => [p.field, `[${p.fieldName || p.field}]`]));
  const preview = renderMessageTemplate({ title, content }, sample);
  const offered = [...typeParams, ...declared.filter((d) => d.field && !typeParams.some((p) => p.field === d.field))];

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <NameField label={t('msgTemplate.fullName')} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="enCode"
            label={t('msgTemplate.enCode')}
            rules={[
              { required: true, whitespace: true, message: t('admin.required', { field: t('msgTemplate.enCode') }) },
              { pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: t('organize.codeHint') },
            ]}
          >
            <Input maxLength={50} data-testid="msg-template-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="messageType"
            label={t('msgTemplate.messageType')}
            rules={[{ required: true, message: t('admin.requiredSelect', { field: t('msgTemplate.messageType') }) }]}
          >
            <Select options={messageTypeOptions(t)} data-testid="msg-template-type" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('msgTemplate.category')}>
            <DictionarySelect typeCode="messageCategory" data-testid="msg-template-category" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="channel" label={t('msgTemplate.channel')}>
            <Select options={channelOptions(t)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="title"
        label={t('msgTemplate.title')}
        dependencies={['templateJson']}
        rules={[
          { required: true, whitespace: true, message: t('admin.required', { field: t('msgTemplate.title') }) },
          declaredRule,
        ]}
      >
        <Input
          maxLength={200}
          onFocus={remember('title')}
          onSelect={remember('title')}
          onBlur={remember('title')}
          data-testid="msg-template-title"
        />
      </Form.Item>
      <Form.Item name="content" label={t('msgTemplate.content')} dependencies={['templateJson']} rules={[declaredRule]}>
        <Input.TextArea
          rows={4}
          maxLength={5000}
          onFocus={remember('content')}
          onSelect={remember('content')}
          onBlur={remember('content')}
          data-testid="msg-template-content"
        />
      </Form.Item>
      <Form.Item label={t('msgTemplate.insertParam')} extra={t('msgTemplate.insertHint')}>
        <div className={styles.paramTags} data-testid="msg-template-insert">
          {offered.length ? (
            offered.map((p) => (
              // Pressing the tag must not take the focus (and so the caret) from the text being edited.
              <span key={p.field} onMouseDown={(e) => e.preventDefault()}>
                <Tag.CheckableTag checked={declared.some((d) => d.field === p.field)} onChange={() => insert(p)}>
                  {p.fieldName || p.field} {`{${p.field}}`}
                </Tag.CheckableTag>
              </span>
            ))
          ) : (
            <Typography.Text type="secondary">{t('admin.empty')}</Typography.Text>
          )}
        </div>
      </Form.Item>
      <Form.Item label={t('msgTemplate.params')}>
        <Form.List name="templateJson">
          {(fields, { add, remove }) => (
            <div data-testid="msg-template-params">
              {fields.map((field) => (
                <Space key={field.key} align="baseline" className={styles.paramRow}>
                  <Form.Item
                    name={[field.name, 'field']}
                    rules={[
                      { required: true, message: t('admin.required', { field: t('msgTemplate.paramField') }) },
                      { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('msgTemplate.fieldFormat') },
                    ]}
                    noStyle={false}
                  >
                    <Input placeholder={t('msgTemplate.paramField')} maxLength={50} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'fieldName']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: t('admin.required', { field: t('msgTemplate.paramName') }),
                      },
                    ]}
                  >
                    <Input placeholder={t('msgTemplate.paramName')} maxLength={50} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('admin.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ field: '', fieldName: '' })}>
                {t('msgTemplate.addParam')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={t('msgTemplate.preview')}>
        <div className={styles.preview} data-testid="msg-template-preview">
          <div className={styles.previewTitle}>{preview.title || t('msgTemplate.previewEmpty')}</div>
          <div className={styles.previewContent}>{preview.content}</div>
        </div>
      </Form.Item>
      <RecordFields />
    </>
  );
}
