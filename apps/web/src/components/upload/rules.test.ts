import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import {
  acceptAttribute,
  ATTACHMENT_DEFAULT_SIZE,
  CHUNK_BYTES,
  CHUNK_RETRIES,
  checkAttachment,
  checkImage,
  fileCategory,
  HASH_SLICE_BYTES,
  hintOf,
  IMAGE_DEFAULT_SIZE,
  IMAGE_DEFAULT_TYPE,
  imageKindOf,
  isPreviewImage,
  PREVIEW_IMAGE_TYPES,
  SIZE_UNITS,
  UPLOADER_DEFAULT_SIZE,
  type Refusal,
} from './rules.ts';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
const text = (refusal: Refusal | null) => (refusal ? t(refusal.key, refusal.values) : null);
const file = (name: string, size = 10, type = '') => ({ name, size, type });
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('upload rules', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('S2-9-01 S2-9-02 S2-9-04 S2-9-05 S2-9-06 S2-9-03 constants: units, defaults, chunk and slice sizes, retries', () => {
    expect(SIZE_UNITS).toEqual({ KB: 1024, MB: 1048576, GB: 1073741824 });
    expect([UPLOADER_DEFAULT_SIZE, ATTACHMENT_DEFAULT_SIZE, IMAGE_DEFAULT_SIZE]).toEqual([5, 10, 10]);
    expect([CHUNK_BYTES, HASH_SLICE_BYTES, CHUNK_RETRIES]).toEqual([5242880, 10240000, 5]);
    expect(IMAGE_DEFAULT_TYPE).toBe('annexpic');
    // No limit by default: any number of files is accepted.
    expect(checkAttachment(file('a.pdf'), {}, 500, t)).toBeNull();
  });

  it('S2-5-01 refuses a file once the list holds the limit', () => {
    expect(text(checkAttachment(file('a.pdf'), { limit: 3 }, 3, t))).toBe('当前限制最多可以上传3个文件');
    expect(checkAttachment(file('a.pdf'), { limit: 3 }, 2, t)).toBeNull();
  });

  it('S2-5-02 S2-9-02 measures the size in the unit and refuses above the limit', () => {
    expect(text(checkAttachment(file('a.pdf', 2 * 1024 + 1), { fileSize: 2, sizeUnit: 'KB' }, 0, t))).toBe(
      '文件大小超过2KB',
    );
    expect(checkAttachment(file('a.pdf', 2 * 1024), { fileSize: 2, sizeUnit: 'KB' }, 0, t)).toBeNull();
    expect(text(checkAttachment(file('a.pdf', 10 * 1048576 + 1), {}, 0, t))).toBe('文件大小超过10MB');
    expect(text(checkAttachment(file('a.pdf', 5 * 1048576 + 1), {}, 0, t, UPLOADER_DEFAULT_SIZE))).toBe(
      '文件大小超过5MB',
    );
    expect(checkAttachment(file('a.zip', 1073741824), { fileSize: 1, sizeUnit: 'GB' }, 0, t)).toBeNull();
    expect(text(checkAttachment(file('a.zip', 1073741825), { fileSize: 1, sizeUnit: 'GB' }, 0, t))).toBe(
      '文件大小超过1GB',
    );
  });

  it('S2-5-03 checks the families excel, word, pdf and txt by extension', () => {
    expect(checkAttachment(file('a.XLSX'), { accept: 'excel' }, 0, t)).toBeNull();
    expect(checkAttachment(file('a.xls'), { accept: 'excel' }, 0, t)).toBeNull();
    expect(text(checkAttachment(file('a.pdf'), { accept: 'excel' }, 0, t))).toBe('请选择excel类型的文件');
    expect(text(checkAttachment(file('a.txt'), { accept: 'word' }, 0, t))).toBe('请选择word类型的文件');
    expect(checkAttachment(file('a.docx'), { accept: 'word' }, 0, t)).toBeNull();
    expect(text(checkAttachment(file('a.doc'), { accept: 'pdf' }, 0, t))).toBe('请选择pdf类型的文件');
    expect(text(checkAttachment(file('a.md'), { accept: 'txt' }, 0, t))).toBe('请选择txt类型的文件');
    expect(acceptAttribute('excel')).toBe('.xls,.xlsx');
    expect(acceptAttribute('*')).toBeUndefined();
  });

  it('S2-5-04 checks other accept values against the file type', () => {
    expect(checkAttachment(file('a.png', 10, 'image/png'), { accept: 'image/*' }, 0, t)).toBeNull();
    expect(text(checkAttachment(file('a.pdf', 10, 'application/pdf'), { accept: 'image/*' }, 0, t))).toBe(
      '请选择图片类型的文件',
    );
    expect(text(checkAttachment(file('a.pdf', 10, 'application/pdf'), { accept: 'video/*' }, 0, t))).toBe(
      '请选择视频类型的文件',
    );
    expect(text(checkAttachment(file('a.pdf', 10, 'application/pdf'), { accept: 'audio/*' }, 0, t))).toBe(
      '请选择音频类型的文件',
    );
    expect(checkAttachment(file('a.pdf', 10, 'application/pdf'), { accept: '*' }, 0, t)).toBeNull();
    expect(checkAttachment(file('a.csv'), { accept: '.csv,.tsv' }, 0, t)).toBeNull();
  });

  it('S2-5-05 gives the dialog hint in every language', async () => {
    const hint = (rules: Parameters<typeof hintOf>[0]) => {
      const h = hintOf(rules, t);
      return t(h.key, h.values);
    };
    expect(hint({ fileSize: 20, sizeUnit: 'MB', accept: 'pdf' })).toBe('只能上传不超过20MB的pdf文件');
    expect(hint({})).toBe('只能上传不超过10MB的文件文件');
    await i18n.changeLanguage('en-US');
    expect(hint({ fileSize: 500, sizeUnit: 'KB', accept: 'excel' })).toBe('Only excel files of at most 500KB');
    expect(text(checkAttachment(file('a.pdf'), { limit: 1 }, 1, t))).toBe('At most 1 files can be uploaded');
    await i18n.changeLanguage('zh-TW');
    expect(hint({ fileSize: 1, sizeUnit: 'GB', accept: 'word' })).toBe('只能上傳不超過1GB的word檔案');
    await i18n.changeLanguage('zh-CN');
  });

  it('S2-9-07 S2-9-24 sorts extensions into categories and knows the previewable images', () => {
    expect(['a.PNG', 'b.mp4', 'c.mp3', 'd.docx', 'e'].map(fileCategory)).toEqual([
      'image',
      'video',
      'audio',
      'document',
      'document',
    ]);
    expect(PREVIEW_IMAGE_TYPES).toEqual(['png', 'jpg', 'jpeg', 'bmp', 'gif']);
    expect(['x.png', 'x.JPG', 'x.jpeg', 'x.bmp', 'x.gif', 'x.webp', 'x.pdf'].map(isPreviewImage)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('S2-5-09 S2-5-10 S2-5-11 checks images by count, size (10 MB default) and content', async () => {
    const image = (bytes: Uint8Array, name = 'p.png', size?: number) => {
      const blob = new File([bytes as BlobPart], name, { type: 'image/png' });
      if (size !== undefined) Object.defineProperty(blob, 'size', { value: size });
      return blob;
    };
    expect(await checkImage(image(PNG), {}, 0)).toBeNull();
    expect(text(await checkImage(image(PNG), { limit: 2 }, 2))).toBe('当前限制最多可以上传2张图片');
    expect(text(await checkImage(image(PNG, 'p.png', 10 * 1048576 + 1), {}, 0))).toBe('图片大小超过10MB');
    expect(text(await checkImage(image(PNG, 'p.png', 300 * 1024), { fileSize: 200, sizeUnit: 'KB' }, 0))).toBe(
      '图片大小超过200KB',
    );
    // Named .png, typed image/png, but its bytes are text: not an image.
    expect(text(await checkImage(image(new TextEncoder().encode('hello, not a picture')), {}, 0))).toBe('请上传图片');
    expect(imageKindOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(imageKindOf(new TextEncoder().encode('GIF89a......'))).toBe('gif');
  });
});
