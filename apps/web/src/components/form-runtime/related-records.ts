import type { FormJson } from '@atrium/shared/forms';
import { onlineDevApi } from '../../api/visualdev.ts';
import { detailForm, formFromText, recordValues } from './detail-form.ts';
import type { Values } from './store.ts';

/** A record of a released model as people read it (names, labels, dates), its data parsed. */
export async function loadDisplayRecord(modelId: string, id: string): Promise<Values> {
  return recordValues((await onlineDevApi.display(modelId, id)).data);
}

/** A related model's released form, laid out for a detail view in the given popup type. */
export interface RelatedForm {
  form: FormJson;
  /** The model's name: a full-screen detail is titled with it. */
  title: string;
}

/**
 * Reads a related model's released form for a nested detail view, in the popup type of the view it
 * is opened from; null when the model has no form to show.
 */
export async function loadRelatedForm(modelId: string, popupType: FormJson['popupType']): Promise<RelatedForm | null> {
  const config = await onlineDevApi.config(modelId);
  if (!config.formData) return null;
  return {
    form: detailForm({ ...formFromText(config.formData), popupType: popupType ?? 'general' }),
    title: config.fullName,
  };
}
