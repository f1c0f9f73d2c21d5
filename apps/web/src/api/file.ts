import { apiUrl, request } from './request.ts';

export interface UploadResult {
  name: string;
  url: string;
}

/** Avatar upload (png, jpeg, gif or webp, <= 2 MB; the server checks the content too). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function uploadUserAvatar(file: File) {
  const body = new FormData();
  body.append('file', file);
  return request<UploadResult>({ url: '/api/file/Uploader/userAvatar', method: 'POST', data: body });
}

/** headIcon values are API paths (/api/file/Image/...); full and data URLs stay as they are. */
export function avatarUrl(headIcon: string | null | undefined): string | undefined {
  if (!headIcon) return undefined;
  return headIcon.startsWith('/api/') ? apiUrl(headIcon) : headIcon;
}

/**
 * An attachment record (one file of an attachment field). `url` is a link for the uploader with a
 * short-lived ticket; the server stores the record with the plain path and hands out fresh links.
 */
export interface AttachmentRecord {
  name: string;
  fileId: string;
  fileSize: number;
  fileExtension: string;
  url: string;
}

/** Attachment upload, within the system settings' size and type limits (the server checks them). */
export async function uploadAttachment(file: File): Promise<AttachmentRecord> {
  const body = new FormData();
  body.append('file', file);
  return (await request<AttachmentRecord>({ url: '/api/file/Uploader/annex', method: 'POST', data: body })).data!;
}
