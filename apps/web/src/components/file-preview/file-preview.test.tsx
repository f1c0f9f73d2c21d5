import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFetch } from '../../test/helpers.ts';
import { FilePreview, isImageFile, type PreviewFile } from './index.ts';

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('file preview', () => {
  it('S2-3-05 a file for preview is its fileId, fileVersionId, url, name and fileExtension', async () => {
    // A scan stored without an extension in its name: the record's extension says it is an image.
    const scan: PreviewFile = {
      fileId: 'F1.png',
      fileVersionId: 'V1',
      url: '/api/file/Annex/F1.png?ticket=t',
      name: '扫描件',
      fileExtension: 'png',
    };
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ url: '/api/file/Preview/annex/F1.png?ticket=t', kind: 'image', name: '扫描件' })),
    );
    const { unmount } = render(<FilePreview file={scan} onClose={() => {}} />);
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull());
    expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe(
      '/prod/api/file/Preview/annex/F1.png?ticket=t',
    );
    // The call names the file, its version and the download link handed out with it.
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({
      fileName: '扫描件',
      fileVersionId: 'V1',
      fileDownloadUrl: '/api/file/Annex/F1.png?ticket=t',
    });
    expect(screen.queryByTestId('file-preview')).toBeNull();
    unmount();

    // The extension decides over the name; without one the name's counts.
    expect(isImageFile({ name: 'a.PNG' })).toBe(true);
    expect(isImageFile({ name: 'x', fileExtension: '.jpg' })).toBe(true);
    expect(isImageFile({ name: 'looks.png', fileExtension: 'pdf' })).toBe(false);
    expect(isImageFile({ name: 'pic.webp' })).toBe(false);
  });

  it('S2-3-05 a record whose extension is not an image shows in the document frame', async () => {
    mockFetch(() => jsonResponse(envelope({ url: '/api/file/Preview/annex/F2.pdf?ticket=t', kind: 'pdf', name: 'x' })));
    render(
      <FilePreview
        file={{
          fileId: 'F2.pdf',
          fileVersionId: 'F2.pdf',
          url: '/api/file/Annex/F2.pdf?ticket=t',
          name: '方案',
          fileExtension: 'pdf',
        }}
        onClose={() => {}}
      />,
    );
    const frame = await screen.findByTestId('file-preview-frame');
    expect(frame.getAttribute('title')).toBe('文档预览 - 方案');
    expect(document.querySelector('.ant-image-preview')).toBeNull();
  });
});
