import type { FormContext, FormField } from '@atrium/shared/forms';
import { Skeleton } from 'antd';
import { Suspense, createContext, use, type ReactNode } from 'react';
import type { FormModel } from './model.ts';
import type { FormStore } from './store.ts';
import type { WidgetProps } from './widgets/types.ts';

/** Field events the host may act on (admin scripts run by the host, a button's click). */
export type FieldEventName = 'change' | 'blur' | 'click';
export type FieldEventHandler = (field: FormField, event: FieldEventName, value: unknown, path: string) => void;

export interface RenderContext {
  model: FormModel;
  store: FormStore;
  /** Detail views: values as text, nothing editable. */
  readOnly: boolean;
  disabled: boolean;
  granted: ReadonlySet<string> | undefined;
  /** The signed-in user and clock, for the defaults of new sub-table rows. */
  formContext: FormContext;
  onEvent?: FieldEventHandler;
  formInfo?: WidgetProps['formInfo'];
  /** The theme's style class, which antd's form styles are scoped by: read once per form. */
  hashId: string;
}

const Ctx = createContext<RenderContext | null>(null);
export const RenderProvider = Ctx.Provider;

export function useRenderContext(): RenderContext {
  const ctx = use(Ctx);
  if (!ctx) throw new Error('form field outside a FormRenderer');
  return ctx;
}

/** The element id a field's label points at: unique per form path. */
export const fieldId = (path: string) => `fr_${path.replace(/[^\w-]/g, '_')}`;

/** Shown while a widget's chunk loads. */
export function FieldSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton.Input active size="small" block />}>{children}</Suspense>;
}
