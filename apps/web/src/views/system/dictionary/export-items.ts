import { dictionaryDataApi } from '../../../api/dictionary.ts';
import { toastError } from '../../../app/feedback.ts';
import i18n from '../../../locales/index.ts';

/**
 * Downloads a type's items as .xlsx. The export call needs the token, so the file arrives as a
 * Blob and is saved through a temporary object URL; a refusal arrives as an envelope instead.
 */
export async function exportItems(typeId: string, typeName: string): Promise<boolean> {
  const answer = await dictionaryDataApi.export(typeId);
  if (!(answer instanceof Blob)) {
    const msg = (answer as { msg?: string } | null)?.msg;
    toastError(msg || i18n.t('request.defaultError'));
    return false;
  }
  const url = URL.createObjectURL(answer);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${typeName}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
