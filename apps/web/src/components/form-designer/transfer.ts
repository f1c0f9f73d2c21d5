/** Import and export of a design as a JSON file. */
import { DesignFormatError, migrateFormDesign, type FormJson } from '@atrium/shared/forms';

/** A design file larger than this is refused unread: no form comes near it. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ImportResult = { ok: true; form: FormJson } | { ok: false; reason: string };

/**
 * Reads a design file: JSON, upgraded to the current version and checked to be a form design.
 * Answers the form, or why it is none (a DesignFormatError reason, or 'tooLarge').
 */
export async function readDesignFile(file: Blob): Promise<ImportResult> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, reason: 'tooLarge' };
  const text = await file.text();
  try {
    return { ok: true, form: migrateFormDesign(text) };
  } catch (e) {
    if (e instanceof DesignFormatError) return { ok: false, reason: e.reason };
    throw e;
  }
}

/** Offers the design as a .json download. */
export function downloadDesign(form: FormJson, fileName = 'form-design.json'): void {
  const blob = new Blob([JSON.stringify(form, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
