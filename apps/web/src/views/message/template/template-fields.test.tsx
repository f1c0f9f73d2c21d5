import type { MessageTemplateForm } from '@atrium/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n from '../../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../../test/helpers.ts';
import { TemplateFields } from './template-fields.tsx';

const FLOW_PARAMS = [
  { field: 'flowTitle', fieldName: '流程标题' },
  { field: 'launchUser', fieldName: '发起人' },
];

let submitted: MessageTemplateForm | undefined;
let failed = false;

function Harness() {
  const [form] = Form.useForm<MessageTemplateForm>();
  return (
    <QueryClientProvider client={createQueryClient()}>
      <Form form={form} initialValues={{ messageType: 2, channel: 1, templateJson: [], content: '' }}>
        <TemplateFields form={form} />
      </Form>
      <button
        type="button"
        onClick={() =>
          form.validateFields().then(
            (v) => (submitted = v),
            () => (failed = true),
          )
        }
      >
        submit
      </button>
    </QueryClientProvider>
  );
}

describe('message template fields', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mockFeedback();
    submitted = undefined;
    failed = false;
    mockFetch((url) =>
      url.pathname.includes('/MessageDataType/getTypeList/2')
        ? jsonResponse(envelope({ list: FLOW_PARAMS }))
        : jsonResponse(envelope({ revision: 1, list: [] })),
    );
  });

  it('inserts a type parameter at the caret, declares it, and previews the rendered text', async () => {
    render(<Harness />);
    const title = screen.getByTestId('msg-template-title') as HTMLInputElement;
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: '待处理：。' } });
    title.setSelectionRange(4, 4);
    fireEvent.select(title);
    const insert = screen.getByTestId('msg-template-insert');
    fireEvent.click(await within(insert).findByText(/流程标题/));
    await waitFor(() => expect(title.value).toBe('待处理：{flowTitle}。'));
    const preview = screen.getByTestId('msg-template-preview');
    await waitFor(() => expect(preview.textContent).toContain('待处理：[流程标题]。'));
    // The parameter is now declared in the list.
    expect((screen.getByDisplayValue('flowTitle') as HTMLInputElement).value).toBe('flowTitle');
  });

  it('refuses a placeholder that is not declared, naming it', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('模板名称'), { target: { value: '提醒' } });
    fireEvent.change(screen.getByTestId('msg-template-code'), { target: { value: 'remind' } });
    fireEvent.change(screen.getByTestId('msg-template-title'), { target: { value: '{launchUser}' } });
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByText('占位符 {launchUser} 未在模板参数中声明')).toBeTruthy();
    await waitFor(() => expect(failed).toBe(true));
    expect(submitted).toBeUndefined();
  });
});
