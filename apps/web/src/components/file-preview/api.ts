import { request } from '../../api/request.ts';

export interface PreviewLink {
  /** An inline link with the ticket of the download link it was made from. */
  url: string;
  kind: 'image' | 'pdf';
  name: string;
}

/**
 * Asks the server for the inline link of a file whose download link the caller was handed. The
 * server answers "preview not available, download instead" for what it cannot show (shown by the
 * request wrapper); the promise then rejects.
 */
export async function previewLink(file: { name: string; url: string; fileVersionId?: string }): Promise<PreviewLink> {
  const res = await request<PreviewLink>({
    url: '/api/file/Uploader/Preview',
    data: { fileName: file.name, fileVersionId: file.fileVersionId ?? '', fileDownloadUrl: file.url },
  });
  return res.data!;
}
