/**
 * The rules of the upload widgets, kept apart from the components so they are checked alone: size
 * units, type families and accept lists, the count limit, the image check by content, and which
 * message each refusal shows (a locale key under `upload.` with its values).
 */

export type SizeUnit = 'KB' | 'MB' | 'GB';
export const SIZE_UNITS: Record<SizeUnit, number> = { KB: 1024, MB: 1048576, GB: 1073741824 };

/** Chunked upload: chunk length, hashing slice, retries per chunk. */
export const CHUNK_BYTES = 5_242_880;
export const HASH_SLICE_BYTES = 10_240_000;
export const CHUNK_RETRIES = 5;

/** Defaults: 5 MB for the uploader, 10 MB for the attachment control and images; no count limit. */
export const UPLOADER_DEFAULT_SIZE = 5;
export const ATTACHMENT_DEFAULT_SIZE = 10;
export const IMAGE_DEFAULT_SIZE = 10;
export const DEFAULT_LIMIT = 0;
export const IMAGE_DEFAULT_TYPE = 'annexpic';

/** The document families of the attachment control's accept setting, by extension. */
export const TYPE_FAMILIES: Record<string, readonly string[]> = {
  excel: ['xls', 'xlsx'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  txt: ['txt'],
};

/** Extension categories (S2-9-07): images, video, audio; everything else is a document. */
const CATEGORY_EXTENSIONS: Record<'image' | 'video' | 'audio', readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'ico', 'tif', 'tiff'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm', 'mpg', 'mpeg', 'rmvb', '3gp'],
  audio: ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a', 'wma', 'amr'],
};

/** Images the preview shows in its viewer. */
export const PREVIEW_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'bmp', 'gif'] as const;

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export function fileCategory(name: string): 'image' | 'video' | 'audio' | 'document' {
  const ext = extensionOf(name);
  for (const [category, list] of Object.entries(CATEGORY_EXTENSIONS))
    if (list.includes(ext)) return category as 'image' | 'video' | 'audio';
  return 'document';
}

export const isPreviewImage = (name: string) => (PREVIEW_IMAGE_TYPES as readonly string[]).includes(extensionOf(name));

/** A refusal: the message key (under `upload.`) and its values. */
export interface Refusal {
  key: string;
  values?: Record<string, string | number>;
}

export interface AttachmentRules {
  /** Most files the field holds; 0 = no limit. */
  limit?: number;
  /** Largest file, in sizeUnit; 0 or absent = the default. */
  fileSize?: number;
  sizeUnit?: SizeUnit;
  /** A family (excel, word, pdf, txt), a comma list of extensions (.pdf,.docx) or MIME types (image/*), or empty for any. */
  accept?: string;
}

export const unitOf = (unit: string | undefined): SizeUnit =>
  unit === 'KB' || unit === 'GB' || unit === 'MB' ? unit : 'MB';

/** The accept attribute of the file input for a rules' accept setting. */
export function acceptAttribute(accept: string | undefined): string | undefined {
  if (!accept || accept === '*') return undefined;
  const family = TYPE_FAMILIES[accept];
  return family ? family.map((e) => `.${e}`).join(',') : accept;
}

/** The type name a message shows: the family name, or image/video/audio for MIME wildcards. */
function typeLabel(accept: string, t: (key: string) => string): string {
  if (TYPE_FAMILIES[accept]) return accept;
  const kinds = accept
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => {
      if (a.startsWith('image/')) return t('upload.typeImage');
      if (a.startsWith('video/')) return t('upload.typeVideo');
      if (a.startsWith('audio/')) return t('upload.typeAudio');
      return a.replace(/^\./, '');
    });
  return [...new Set(kinds)].join('/');
}

/** Whether the file matches one accept entry (.ext, type/*, type/subtype). */
function matchesEntry(file: { name: string; type: string }, entry: string): boolean {
  const e = entry.trim().toLowerCase();
  if (!e || e === '*' || e === '*/*') return true;
  if (e.startsWith('.')) return extensionOf(file.name) === e.slice(1);
  if (e.endsWith('/*')) {
    const major = e.slice(0, -2);
    if (file.type) return file.type.toLowerCase().startsWith(`${major}/`);
    return fileCategory(file.name) === major;
  }
  return file.type.toLowerCase() === e;
}

/**
 * Checks one chosen file against the field's rules, `held` being how many files the field has
 * already: the count, then the size, then the type. Answers the refusal, or null to upload it.
 */
export function checkAttachment(
  file: { name: string; size: number; type: string },
  rules: AttachmentRules,
  held: number,
  t: (key: string) => string,
  defaultSize = ATTACHMENT_DEFAULT_SIZE,
): Refusal | null {
  const limit = rules.limit ?? DEFAULT_LIMIT;
  if (limit > 0 && held >= limit) return { key: 'upload.tooMany', values: { count: limit } };
  const unit = unitOf(rules.sizeUnit);
  const size = rules.fileSize || defaultSize;
  // The size in the unit must stay under the limit.
  if (file.size / SIZE_UNITS[unit] > size) return { key: 'upload.tooLarge', values: { size, unit } };
  const accept = rules.accept?.trim();
  if (accept && accept !== '*') {
    const family = TYPE_FAMILIES[accept];
    const ok = family
      ? family.includes(extensionOf(file.name))
      : accept.split(',').some((entry) => matchesEntry(file, entry));
    if (!ok) return { key: 'upload.wrongType', values: { type: typeLabel(accept, t) } };
  }
  return null;
}

/** The hint under the upload button: 只能上传不超过{size}{unit}的{type}文件. */
export function hintOf(rules: AttachmentRules, t: (key: string) => string, defaultSize = ATTACHMENT_DEFAULT_SIZE) {
  const accept = rules.accept?.trim();
  return {
    key: 'upload.hint',
    values: {
      size: rules.fileSize || defaultSize,
      unit: unitOf(rules.sizeUnit),
      type: accept && accept !== '*' ? typeLabel(accept, t) : t('upload.hintAny'),
    },
  };
}

/** The image kind the first bytes show (png, jpeg, gif, bmp, webp), or null when it is no image. */
export function imageKindOf(bytes: Uint8Array): 'png' | 'jpg' | 'gif' | 'bmp' | 'webp' | null {
  const at = (i: number) => bytes[i] ?? -1;
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (at(0) === 0x89 && text(1, 4) === 'PNG' && at(4) === 0x0d && at(5) === 0x0a) return 'png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpg';
  if (/^GIF8[79]a$/.test(text(0, 6))) return 'gif';
  if (text(0, 2) === 'BM' && bytes.length >= 26) return 'bmp';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Checks an image before upload: count, size (default 10 MB), and that its content is an image. */
export async function checkImage(
  file: Blob & { name: string },
  rules: AttachmentRules,
  held: number,
): Promise<Refusal | null> {
  const limit = rules.limit ?? DEFAULT_LIMIT;
  if (limit > 0 && held >= limit) return { key: 'upload.imageTooMany', values: { count: limit } };
  const unit = unitOf(rules.sizeUnit);
  const size = rules.fileSize || IMAGE_DEFAULT_SIZE;
  if (file.size / SIZE_UNITS[unit] > size) return { key: 'upload.imageTooLarge', values: { size, unit } };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  } catch {
    return { key: 'upload.readError', values: { name: file.name } };
  }
  return imageKindOf(head) ? null : { key: 'upload.notImage' };
}
