import { type UserInfo } from '@atrium/shared';
import { toFormLang, type FormContext, type FormJson } from '@atrium/shared/forms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.ts';
import { preloadWidgets } from './adapter.tsx';
import { FormModel } from './model.ts';
import { FormStore, type Values } from './store.ts';

/** What the current-user, organisation, position and time defaults draw on. */
export function formContextOf(user: UserInfo | null, lang: string, now = Date.now()): FormContext {
  return {
    lang: toFormLang(lang),
    now,
    user: user ? { id: user.userId, account: user.userAccount, realName: user.userName } : undefined,
    organize: user?.organizeId ? { id: user.organizeId, fullName: user.organizeName } : undefined,
    department: user?.departmentId ? { id: user.departmentId, fullName: user.departmentName } : undefined,
    position: user?.positionId ? { id: user.positionId, fullName: user.positionName } : undefined,
  };
}

export interface FormRuntimeOptions {
  /** A saved record to show or edit; a new record gets the fields' defaults. */
  values?: Values;
  /** With form permission on: the granted field keys. */
  granted?: ReadonlySet<string>;
}

export interface FormRuntime {
  model: FormModel;
  store: FormStore;
  formContext: FormContext;
}

/** Builds the model and the store of a form once (per form JSON, record and grants). */
export function createFormRuntime(form: FormJson, ctx: FormContext, options: FormRuntimeOptions = {}): FormRuntime {
  const model = new FormModel(form, { granted: options.granted, lang: ctx.lang ?? 'zh-CN' });
  // The widget chunks start loading with the model, not when the renderer first asks for them.
  preloadWidgets(form);
  const initial = options.values ?? model.defaults(ctx);
  const store = new FormStore(model, initial, [...model.tables.keys()]);
  return { model, store, formContext: ctx };
}

export function useFormRuntime(form: FormJson, options: FormRuntimeOptions = {}): FormRuntime {
  const user = useSessionStore((s) => s.userInfo);
  const { i18n } = useTranslation();
  const runtime = useMemo(
    () => createFormRuntime(form, formContextOf(user, i18n.language), options),
    // the language only changes the messages' wording: it is applied below without a new store
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, user, options.values, options.granted],
  );
  runtime.model.lang = toFormLang(i18n.language);
  return runtime;
}
