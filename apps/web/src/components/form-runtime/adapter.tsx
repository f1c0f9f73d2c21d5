import { collectFields, type FormJson, type JnpfKey } from '@atrium/shared/forms';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetProps } from './widgets/types.ts';

type Widget = ComponentType<WidgetProps>;

/** A widget of the adapter: its lazily loaded component and the loader behind it. */
interface WidgetEntry {
  component: LazyExoticComponent<Widget>;
  /** Loads the widget's chunk once; resolves with the component. */
  load(): Promise<Widget>;
  /** Whether the chunk is in. */
  loaded(): boolean;
}

/**
 * A named export of a widget module as a lazily loaded component (one chunk per module). Once the
 * chunk is in (preloaded, or another field loaded it), the first render of the lazy component gets
 * it from a thenable that answers synchronously: React.lazy then renders the widget at once instead
 * of suspending for a microtask and rendering its field a second time.
 */
function from<M>(load: () => Promise<M>, name: keyof M): WidgetEntry {
  let loaded: Widget | undefined;
  let loading: Promise<Widget> | undefined;
  const entry: WidgetEntry = {
    loaded: () => loaded !== undefined,
    load: () =>
      (loading ??= load().then(
        (module) => (loaded = module[name] as Widget),
        (err: unknown) => {
          // a failed chunk (a deploy replaced it, the network dropped) is asked for again next time
          loading = undefined;
          throw err;
        },
      )),
    component: lazy(() =>
      loaded
        ? (resolved({ default: loaded }) as Promise<{ default: Widget }>)
        : entry.load().then((widget) => ({ default: widget })),
    ),
  };
  return entry;
}

/** A thenable that calls back at once: what React.lazy reads synchronously. */
const resolved = <T,>(value: T): PromiseLike<T> => ({
  then: <A, B>(onFulfilled?: ((v: T) => A | PromiseLike<A>) | null) =>
    (onFulfilled ? resolved(onFulfilled(value)) : resolved(value)) as PromiseLike<A | B>,
});

const inputs = () => import('./widgets/inputs.tsx');
const choices = () => import('./widgets/choices.tsx');
const dates = () => import('./widgets/dates.tsx');
const display = () => import('./widgets/display.tsx');
const codes = () => import('./widgets/codes.tsx');
const color = () => import('./widgets/color.tsx');
const address = () => import('./widgets/address.tsx');
const relation = () => import('./widgets/relation.tsx');

// Pickers and uploads live in their own folders; the adapter only points at them. The relation
// kinds are the pickers' popups with read-only links to the related records (widgets/relation.tsx).
const userPicker = () => import('../pickers/user-select.tsx');
const orgPicker = () => import('../pickers/org-select.tsx');
const popupPicker = () => import('../pickers/popup-select.tsx');

const WIDGETS: Partial<Record<JnpfKey, WidgetEntry>> = {
  comInput: from(inputs, 'TextInput'),
  textarea: from(inputs, 'TextArea'),
  PsdInput: from(inputs, 'PasswordInput'),
  numInput: from(inputs, 'NumberInput'),
  numRange: from(inputs, 'NumberRange'),
  switch: from(inputs, 'SwitchInput'),
  rate: from(inputs, 'RateInput'),
  slider: from(inputs, 'SliderInput'),
  colorPicker: from(color, 'ColorInput'),
  radio: from(choices, 'RadioInput'),
  checkbox: from(choices, 'CheckboxInput'),
  select: from(choices, 'SelectInput'),
  cascader: from(choices, 'CascaderInput'),
  treeSelect: from(choices, 'TreeSelectInput'),
  date: from(dates, 'DateInput'),
  time: from(dates, 'TimeInput'),
  dateRange: from(dates, 'DateRangeInput'),
  timeRange: from(dates, 'TimeRangeInput'),
  editor: from(() => import('./widgets/editor.tsx'), 'default'),
  link: from(display, 'LinkElement'),
  button: from(display, 'ButtonElement'),
  JNPFText: from(display, 'TextElement'),
  alert: from(display, 'AlertElement'),
  groupTitle: from(display, 'GroupTitleElement'),
  divider: from(display, 'DividerElement'),
  calculate: from(display, 'CalculateElement'),
  billRule: from(display, 'SystemElement'),
  createUser: from(display, 'SystemElement'),
  createTime: from(display, 'SystemElement'),
  modifyUser: from(display, 'SystemElement'),
  modifyTime: from(display, 'SystemElement'),
  currOrganize: from(display, 'SystemElement'),
  currDept: from(display, 'SystemElement'),
  currPosition: from(display, 'SystemElement'),
  barcode: from(codes, 'BarcodeElement'),
  qrcode: from(codes, 'QrcodeElement'),
  address: from(address, 'AddressWidget'),
  userSelect: from(userPicker, 'UserSelect'),
  usersSelect: from(userPicker, 'UserSelect'),
  comSelect: from(orgPicker, 'OrgSelect'),
  depSelect: from(orgPicker, 'OrgSelect'),
  posSelect: from(orgPicker, 'OrgSelect'),
  roleSelect: from(orgPicker, 'OrgSelect'),
  groupSelect: from(orgPicker, 'OrgSelect'),
  popupSelect: from(relation, 'PopupSelectField'),
  relationForm: from(relation, 'RelationFormField'),
  popupTableSelect: from(popupPicker, 'PopoverTableSelect'),
  autoComplete: from(popupPicker, 'AutoCompleteInput'),
  relationFormAttr: from(relation, 'RelationAttrField'),
  popupAttr: from(relation, 'RelationAttrField'),
  uploadFz: from(() => import('../upload/upload-fz.tsx'), 'default'),
  uploadImg: from(() => import('../upload/upload-img.tsx'), 'default'),
};

const Unavailable = from(() => import('./widgets/unavailable.tsx'), 'UnavailableWidget');

/** The component of a field kind, loaded on first use; a kind this build does not know shows its value as text. */
export function widgetFor(key: JnpfKey): LazyExoticComponent<Widget> {
  return (WIDGETS[key] ?? Unavailable).component;
}

/** The widget chunks of one form: the promise of their loading, and whether it is over. */
export interface WidgetPreload {
  promise: Promise<void>;
  loaded: boolean;
}

const preloads = new WeakMap<FormJson, WidgetPreload>();

/**
 * Loads the widget chunks of every kind a form uses, all at once (sub-table columns and fields in
 * containers included), once per form JSON. The renderer waits for it before its first render, so
 * that a form renders each field once, with its widget, rather than a placeholder per field that
 * each chunk's arrival renders again (and that the chunks of kinds first met in that second pass
 * are fetched one after the other). Never rejects: a chunk that fails is left to its field's own
 * lazy load, which shows the failure where it happens.
 */
export function preloadWidgets(form: FormJson): WidgetPreload {
  let preload = preloads.get(form);
  if (!preload) {
    const entries = new Set(collectFields(form).map((f) => WIDGETS[f.field.__config__.jnpfKey] ?? Unavailable));
    const entry: WidgetPreload = {
      // another form may have loaded them all already: nothing to wait for
      loaded: [...entries].every((e) => e.loaded()),
      promise: Promise.all([...entries].map((e) => e.load().catch(() => undefined))).then(
        () => void (entry.loaded = true),
      ),
    };
    preload = entry;
    preloads.set(form, preload);
  }
  return preload;
}

/** Kinds that hold no value and take the whole row without a label of their own. */
export const STATIC_KINDS: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'groupTitle',
  'divider',
  'JNPFText',
  'alert',
  'button',
  'link',
]);
