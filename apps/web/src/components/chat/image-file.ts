import { CHAT_IMAGE_MAX_BYTES } from '../../api/chat.ts';

/**
 * Why a picked file cannot be sent as a chat image (one file, image/*, under 5 MB),
 * as an i18n key; null when it can.
 */
export function chatImageRefusal(file: Pick<File, 'type' | 'size'>): 'chat.notImage' | 'chat.imageTooLarge' | null {
  if (!file.type.startsWith('image/')) return 'chat.notImage';
  if (file.size >= CHAT_IMAGE_MAX_BYTES) return 'chat.imageTooLarge';
  return null;
}

/** The pixel size of an image file, measured in the browser before it is sent. */
export function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (width: number, height: number) => {
      URL.revokeObjectURL(url);
      resolve({ width, height });
    };
    img.onload = () => done(img.naturalWidth, img.naturalHeight);
    // The server checks the content; a size it cannot read is sent as 0 x 0 and shown at bubble width.
    img.onerror = () => done(0, 0);
    img.src = url;
  });
}
