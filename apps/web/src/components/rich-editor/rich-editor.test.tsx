import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFetch } from '../../test/helpers.ts';
import { EDITOR_IMAGE_UPLOAD, RichEditor, toolbarOf, uploadEditorImage } from './index.ts';

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const toolbar = () => document.querySelector('.ql-toolbar') as HTMLElement;

describe('rich-text editor', () => {
  it('S2-9-28 the toolbar: bold, italic, underline, strike, headings 1-6, sizes, colour, lists, indent, alignment, link, image', () => {
    expect(toolbarOf(true).flat()).toEqual([
      { header: [1, 2, 3, 4, 5, 6, false] },
      { size: ['small', false, 'large', 'huge'] },
      'bold',
      'italic',
      'underline',
      'strike',
      { color: [] },
      { background: [] },
      { list: 'ordered' },
      { list: 'bullet' },
      { indent: '-1' },
      { indent: '+1' },
      { align: [] },
      'link',
      'image',
      'clean',
    ]);
    // The image is optional: without upload there is no image button.
    expect(toolbarOf(false).flat()).not.toContain('image');

    render(<RichEditor imageUpload data-testid="ed" />);
    const bar = toolbar();
    const headings = [...bar.querySelectorAll('.ql-header .ql-picker-item')].map((i) => i.getAttribute('data-value'));
    expect(headings).toEqual(['1', '2', '3', '4', '5', '6', null]);
    const sizes = [...bar.querySelectorAll('.ql-size .ql-picker-item')].map((i) => i.getAttribute('data-value'));
    expect(sizes).toEqual(['small', null, 'large', 'huge']);
    for (const selector of [
      'button.ql-bold',
      'button.ql-italic',
      'button.ql-underline',
      'button.ql-strike',
      '.ql-color',
      'button.ql-list[value="ordered"]',
      'button.ql-list[value="bullet"]',
      'button.ql-indent[value="-1"]',
      'button.ql-indent[value="+1"]',
      '.ql-align',
      'button.ql-link',
      'button.ql-image',
    ])
      expect(bar.querySelector(selector), selector).not.toBeNull();
  });

  it('S2-9-28 the Chinese toolbar names its controls and labels its pickers in Chinese, never in English', () => {
    render(<RichEditor imageUpload data-testid="ed" />);
    const bar = toolbar();
    expect(bar.querySelector('button.ql-indent[value="+1"]')!.getAttribute('title')).toBe('增加缩进');
    expect(bar.querySelector('button.ql-image')!.getAttribute('aria-label')).toBe('插入图片');
    expect(bar.querySelector('span.ql-size')!.getAttribute('title')).toBe('字号');
    // Quill's CSS writes 'Normal', 'Heading 4', 'Small' ... : the editor gives it these texts instead.
    const style = (document.querySelector('[data-testid="ed"]') as HTMLElement).style;
    const vars = Object.fromEntries(
      [
        '--heading-normal',
        '--heading-4',
        '--heading-6',
        '--size-normal',
        '--size-small',
        '--size-huge',
        '--link-enter',
        '--link-save',
      ].map((name) => [name, JSON.parse(style.getPropertyValue(name)) as string]),
    );
    expect(vars).toEqual({
      '--heading-normal': '正文',
      '--heading-4': '标题 4',
      '--heading-6': '标题 6',
      '--size-normal': '默认字号',
      '--size-small': '小号',
      '--size-huge': '特大号',
      '--link-enter': '输入链接：',
      '--link-save': '保存',
    });
    for (const value of Object.values(vars)) expect(value).not.toMatch(/[A-Za-z]/);
  });

  it('S2-9-28 headings left out of headingLabels fall back to the UI language (zh-TW)', async () => {
    await i18n.changeLanguage('zh-TW');
    render(<RichEditor headingLabels={['正文', '一']} data-testid="ed" />);
    const style = (document.querySelector('[data-testid="ed"]') as HTMLElement).style;
    expect(JSON.parse(style.getPropertyValue('--heading-1'))).toBe('一');
    expect(JSON.parse(style.getPropertyValue('--heading-5'))).toBe('標題 5');
    expect(JSON.parse(style.getPropertyValue('--size-large'))).toBe('大號');
    expect(toolbar().querySelector('button.ql-image')).toBeNull();
  });

  it('S2-7-07 an editor image is posted to the common upload path plus /userAvatar and its address inserted', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ name: 'A.png', url: '/api/file/Image/userAvatar/01ABCDEFGHJKMNPQRSTVWXYZ12.png' })),
    );
    expect(EDITOR_IMAGE_UPLOAD).toBe('/api/file/Uploader/userAvatar');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    const url = await uploadEditorImage(file);
    expect(calls[0]!.url.pathname).toMatch(/\/api\/file\/Uploader\/userAvatar$/);
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(url).toMatch(/\/api\/file\/Image\/userAvatar\/01ABCDEFGHJKMNPQRSTVWXYZ12\.png$/);

    // Through the toolbar: the image button picks a file, uploads it and inserts the image.
    const changes: string[] = [];
    render(<RichEditor imageUpload onChange={(html) => changes.push(html)} />);
    let picker: HTMLInputElement | null = null;
    const create = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
      const el = create(tag, options);
      if (tag === 'input') {
        picker = el as HTMLInputElement;
        vi.spyOn(picker, 'click').mockImplementation(() => {});
      }
      return el;
    });
    act(() => (toolbar().querySelector('button.ql-image') as HTMLButtonElement).click());
    expect(picker).not.toBeNull();
    const input = picker! as HTMLInputElement;
    expect(input.type).toBe('file');
    Object.defineProperty(input, 'files', { value: [file] });
    await act(async () => {
      input.onchange?.(new Event('change'));
      await vi.waitFor(() => expect(changes.at(-1) ?? '').toContain('<img'));
    });
    expect(changes.at(-1)).toMatch(/<img src="[^"]*\/api\/file\/Image\/userAvatar\/01ABCDEFGHJKMNPQRSTVWXYZ12\.png"/);
    expect(calls).toHaveLength(2);
  });

  it('S2-7-07 a refused upload inserts nothing', async () => {
    mockFetch(() => jsonResponse(envelope(null, 400, '文件类型不是图片')));
    const file = new File([new Uint8Array([1, 2, 3])], 'a.txt', { type: 'text/plain' });
    expect(await uploadEditorImage(file)).toBeNull();
  });
});
