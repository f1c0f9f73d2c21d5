import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindSession } from '../../api/request.ts';
import i18n from '../../locales/index.ts';
import { envelope, headerOf, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { UploadButton } from './upload-button.tsx';

async function choose(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  // the answer and the wrapper's messages settle on the next turns
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const file = new File(['a,b\n1,2'], 'data.csv', { type: 'text/csv' });

describe('upload button', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    bindSession({ token: () => 'Bearer test-token', reset: () => {} });
  });
  afterEach(() => {
    bindSession({ token: () => null, reset: () => {} });
    vi.unstubAllGlobals();
  });

  it('S2-7-08 S2-8-02 S2-7-01 posts the file to its address with the bearer token; success shows the server message for 1 s', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch(() => jsonResponse(envelope({ name: 'data.csv', url: '/x' }, 200, '导入文件已接收')));
    const onSuccess = vi.fn();
    render(<UploadButton action="/api/example/Uploader" onSuccess={onSuccess} />);
    expect(screen.getByRole('button').textContent).toContain('点击上传');
    await choose(file);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/prod/api/example/Uploader');
    expect(calls[0]!.init.method).toBe('POST');
    expect(headerOf(calls[0]!.init, 'Authorization')).toBe('Bearer test-token');
    const body = calls[0]!.init.body as FormData;
    expect((body.get('file') as File).name).toBe('data.csv');
    expect(feedback.message.success).toHaveBeenCalledWith({ content: '导入文件已接收', duration: 1 });
    expect(onSuccess).toHaveBeenCalledWith({ name: 'data.csv', url: '/x' });
  });

  it('S2-8-02 S2-8-03 a refusal shows the server message as an error; a failed request says 上传失败', async () => {
    const feedback = mockFeedback();
    mockFetch(() => jsonResponse(envelope(null, 400, '文件格式不正确')));
    const { unmount } = render(<UploadButton action="/api/example/Uploader" />);
    await choose(file);
    expect(feedback.message.error).toHaveBeenCalledWith(expect.objectContaining({ content: '文件格式不正确' }));
    expect(feedback.message.success).not.toHaveBeenCalled();
    unmount();

    const failing = mockFeedback();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<UploadButton action="/api/example/Uploader" />);
    await choose(file);
    expect(failing.message.error).toHaveBeenCalledWith('上传失败');
  });
});
