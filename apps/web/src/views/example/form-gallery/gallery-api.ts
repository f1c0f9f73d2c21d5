import type { FormError, FormValues } from '@atrium/shared/forms';
import { request, RequestError } from '../../../api/request.ts';

export type GalleryAnswer = { ok: true; values: FormValues } | { ok: false; errors: FormError[] };

/**
 * Sends a gallery record through the server's form validator. A refusal (the wrapper has shown
 * its message) answers the problems by path; any other failure rejects.
 */
export async function validateOnServer(data: FormValues): Promise<GalleryAnswer> {
  try {
    const envelope = await request<FormValues>({
      url: '/api/example/FormGallery/Validate',
      method: 'POST',
      data: { data },
    });
    return { ok: true, values: envelope.data ?? {} };
  } catch (error) {
    const errors = (
      error instanceof RequestError ? (error.response?.data as { errors?: FormError[] } | undefined) : undefined
    )?.errors;
    if (errors) return { ok: false, errors };
    throw error;
  }
}
