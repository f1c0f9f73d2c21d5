import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../api/request.ts';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { FormDialog } from './form-dialog.tsx';
import { removeWithConfirm } from './confirm-remove.ts';

interface Values {
  fullName: string;
}

describe('FormDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('submits with the loaded version; on 409 shows the conflict and reloads the latest record', async () => {
    const feedback = mockFeedback();
    let stored = { fullName: 'Old', version: 3 };
    const { calls } = mockFetch((_url, init) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { fullName: string; version: number };
        if (body.version !== stored.version) return jsonResponse({ code: 409, msg: 'changed by someone else' }, 409);
        stored = { fullName: body.fullName, version: stored.version + 1 };
        return jsonResponse({ code: 200, msg: 'Updated' });
      }
      return jsonResponse(envelope(stored));
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const load = async () => (await request<Values & { version: number }>({ url: '/api/x/1' })).data!;
    const submit = (values: Values, version: number | undefined) =>
      request({ url: '/api/x/1', method: 'PUT', data: { ...values, version } });
    render(
      <FormDialog<Values> open title="Edit" load={load} submit={submit} onClose={onClose} onSaved={onSaved}>
        <Form.Item name="fullName" label="Name" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
      </FormDialog>,
    );
    const input = await screen.findByDisplayValue('Old');
    // Someone else saves first.
    stored = { fullName: 'Theirs', version: 4 };
    fireEvent.change(input, { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('admin-conflict')).toBeTruthy();
    await screen.findByDisplayValue('Theirs');
    expect(onSaved).not.toHaveBeenCalled();
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({ fullName: 'Mine', version: 3 });

    // Applying the change again on the reloaded record succeeds with the new version.
    fireEvent.change(screen.getByDisplayValue('Theirs'), { target: { value: 'Mine again' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(stored).toEqual({ fullName: 'Mine again', version: 5 });
    expect(onClose).toHaveBeenCalled();
    expect(feedback.message.success).toHaveBeenCalledWith('Updated');
  });

  it('does not submit when a required field is empty', async () => {
    mockFeedback();
    const submit = vi.fn();
    render(
      <FormDialog<Values> open title="New" submit={submit} onClose={() => {}} onSaved={() => {}}>
        <Form.Item name="fullName" label="Name" rules={[{ required: true, message: 'Please enter Name' }]}>
          <Input />
        </Form.Item>
      </FormDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('removeWithConfirm', () => {
  it('asks with the confirmation text, deletes on OK and reports the server message', async () => {
    await i18n.changeLanguage('en-US');
    const feedback = mockFeedback();
    feedback.modal.confirm.mockImplementation((config: { onOk: () => void }) => config.onOk());
    const onRemoved = vi.fn();
    const done = await removeWithConfirm(async () => ({ msg: 'Deleted it' }), onRemoved);
    expect(done).toBe(true);
    expect(feedback.modal.confirm.mock.calls[0][0].content).toBe(
      'This operation will permanently delete the data. Do you want to continue?',
    );
    expect(feedback.message.success).toHaveBeenCalledWith('Deleted it');
    expect(onRemoved).toHaveBeenCalled();
  });

  it('does nothing when cancelled, and keeps the list when the server refuses', async () => {
    const feedback = mockFeedback();
    feedback.modal.confirm.mockImplementationOnce((config: { onCancel: () => void }) => config.onCancel());
    const remove = vi.fn(async () => ({}));
    expect(await removeWithConfirm(remove, () => {})).toBe(false);
    expect(remove).not.toHaveBeenCalled();
    feedback.modal.confirm.mockImplementationOnce((config: { onOk: () => void }) => config.onOk());
    const onRemoved = vi.fn();
    expect(
      await removeWithConfirm(async () => {
        throw new Error('refused');
      }, onRemoved),
    ).toBe(false);
    expect(onRemoved).not.toHaveBeenCalled();
  });
});
