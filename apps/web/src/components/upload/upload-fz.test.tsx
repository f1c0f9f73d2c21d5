import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { FilePreview } from '../file-preview/index.ts';
import type { FileRecord } from './chunk-upload.ts';
import { UploadFz } from './upload-fz.tsx';
import { UploadImg } from './upload-img.tsx';

const record = (name: string): FileRecord => ({
  name,
  fileId: `${name}.id`,
  fileSize: 3,
  fileExtension: 'pdf',
  url: `/api/file/Annex/${name}?ticket=t`,
});

async function choose(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

describe('upload widgets', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('S2-2-03 S2-5-05 S2-5-01 S2-5-03 the attachment dialog shows its title and hint and refuses past the limit or of the wrong family', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch(() => jsonResponse(envelope({})));
    const onChange = vi.fn();
    render(
      <UploadFz
        field={{ __vModel__: 'files', limit: 2, fileSize: 20, sizeUnit: 'MB', accept: 'pdf' }}
        value={[record('a.pdf'), record('b.pdf')]}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('只能上传不超过20MB的pdf文件')).toBeTruthy();
    fireEvent.click(screen.getByTestId('upload-fz-open'));
    expect(await screen.findByText('附件上传')).toBeTruthy();
    const input = screen.getByTestId('chunk-uploader-input') as HTMLInputElement;
    expect(input.accept).toBe('.pdf');
    await choose(input, [new File(['x'], 'c.pdf')]);
    expect(feedback.message.error).toHaveBeenCalledWith('当前限制最多可以上传2个文件');
    expect(calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('S2-5-03 refuses a file of another family before sending anything', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch(() => jsonResponse(envelope({})));
    render(<UploadFz field={{ accept: 'excel' }} value={[]} onChange={() => {}} />);
    fireEvent.click(screen.getByTestId('upload-fz-open'));
    const input = (await screen.findByTestId('chunk-uploader-input')) as HTMLInputElement;
    await choose(input, [new File(['x'], 'c.pdf')]);
    expect(feedback.message.error).toHaveBeenCalledWith('请选择excel类型的文件');
    expect(calls).toHaveLength(0);
  });

  it('read-only shows the files without the upload button or remove', () => {
    render(<UploadFz field={{}} value={[record('a.pdf')]} onChange={() => {}} readOnly />);
    expect(screen.queryByTestId('upload-fz-open')).toBeNull();
    expect(screen.getByText('a.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('S2-5-11 S2-5-09 the image field refuses a file whose bytes are no image and stops at the limit', async () => {
    const feedback = mockFeedback();
    const { calls } = mockFetch(() => jsonResponse(envelope({ name: 'p.png', fileId: 'p', url: '/p' })));
    const { rerender } = render(<UploadImg field={{ limit: 1 }} value={[]} onChange={() => {}} />);
    await choose(screen.getByTestId('upload-img-input') as HTMLInputElement, [
      new File(['just text'], 'fake.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(feedback.message.error).toHaveBeenCalledWith('请上传图片'));
    expect(calls).toHaveLength(0);
    rerender(
      <UploadImg field={{ limit: 1 }} value={[{ name: 'p.png', fileId: 'p', url: '/p' }]} onChange={() => {}} />,
    );
    expect(screen.queryByTestId('upload-img-add')).toBeNull();
  });

  it('S2-5-46 S2-2-33 the preview warns and closes without an address, and offers the download when the server cannot show the file', async () => {
    const feedback = mockFeedback();
    const onClose = vi.fn();
    const { unmount } = render(<FilePreview file={{ name: 'x.docx' }} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(feedback.message.warning).toHaveBeenCalledWith('文件不存在');
    unmount();

    const { calls } = mockFetch(() => jsonResponse({ code: 400, msg: '该文件暂不支持在线预览，请下载后查看' }, 400));
    render(<FilePreview file={record('memo.docx')} onClose={() => {}} />);
    expect(await screen.findByTestId('file-preview-unavailable')).toBeTruthy();
    expect(screen.getByText('文档预览 - memo.docx')).toBeTruthy();
    expect(calls[0]!.url.pathname).toBe('/prod/api/file/Uploader/Preview');
    expect(calls[0]!.url.searchParams.get('fileDownloadUrl')).toBe('/api/file/Annex/memo.docx?ticket=t');
  });

  it('S2-2-33 S2-8-11 shows a PDF in a frame and warns when full screen is unsupported', async () => {
    const feedback = mockFeedback();
    mockFetch(() =>
      jsonResponse(envelope({ url: '/api/file/Preview/annex/x.pdf?ticket=t', kind: 'pdf', name: 'x.pdf' })),
    );
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true });
    render(<FilePreview file={record('plan.pdf')} onClose={() => {}} />);
    const frame = (await screen.findByTestId('file-preview-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/prod/api/file/Preview/annex/x.pdf?ticket=t');
    fireEvent.click(screen.getByTestId('file-preview-fullscreen'));
    expect(feedback.message.warning).toHaveBeenCalledWith('您的浏览器不支持全屏');
  });
});
