import type { JnpfKey } from '@atrium/shared/forms';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetProps } from './widgets/types.ts';

type Widget = ComponentType<WidgetProps>;

/** A named export of a widget module as a lazily loaded component (one chunk per module). */
function from<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<Widget> {
  return lazy(async () => ({ default: (await load())[name] as Widget }));
}

const inputs = () => import('./widgets/inputs.tsx');
const choices = () => import('./widgets/choices.tsx');
const dates = () => import('./widgets/dates.tsx');
const display = () => import('./widgets/display.tsx');
const codes = () => import('./widgets/codes.tsx');
const color = () => import('./widgets/color.tsx');
const address = () => import('./widgets/address.tsx');

// Pickers and uploads live in their own folders; the adapter only points at them.
const userPicker = () => import('../pickers/user-select.tsx');
const orgPicker = () => import('../pickers/org-select.tsx');
const popupPicker = () => import('../pickers/popup-select.tsx');

const WIDGETS: Partial<Record<JnpfKey, LazyExoticComponent<Widget>>> = {
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
  editor: lazy(() => import('./widgets/editor.tsx')),
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
  popupSelect: from(popupPicker, 'PopupSelect'),
  relationForm: from(popupPicker, 'PopupSelect'),
  popupTableSelect: from(popupPicker, 'PopoverTableSelect'),
  autoComplete: from(popupPicker, 'AutoCompleteInput'),
  relationFormAttr: from(popupPicker, 'RelationAttr'),
  popupAttr: from(popupPicker, 'RelationAttr'),
  uploadFz: lazy(async () => ({ default: (await import('../upload/upload-fz.tsx')).default as Widget })),
  uploadImg: lazy(async () => ({ default: (await import('../upload/upload-img.tsx')).default as Widget })),
};

const Unavailable = from(() => import('./widgets/unavailable.tsx'), 'UnavailableWidget');

/** The component of a field kind, loaded on first use; a kind this build does not know shows its value as text. */
export function widgetFor(key: JnpfKey): LazyExoticComponent<Widget> {
  return WIDGETS[key] ?? Unavailable;
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
