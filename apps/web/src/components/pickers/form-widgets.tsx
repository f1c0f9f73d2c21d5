import type { JnpfKey } from '@atrium/shared/forms';
import type { ComponentType } from 'react';
import type { WidgetProps } from '../form-runtime/widgets/types.ts';
import { usePickerDefault } from './defaults.ts';
import { OrgSelect } from './org-select.tsx';
import { AutoCompleteInput, PopoverTableSelect, PopupSelect, RelationAttr } from './popup-select.tsx';
import { UserSelect, type PickerWidgetProps } from './user-select.tsx';

/** A picker that fills the current user's defaults first (user, organisation, position pickers). */
function withDefaults(Picker: ComponentType<PickerWidgetProps>): ComponentType<WidgetProps> {
  return function DefaultedPicker(props: WidgetProps) {
    usePickerDefault(props.field, props.value, props.onChange, !props.readOnly && !props.disabled);
    return <Picker {...props} />;
  };
}

/**
 * The field kinds this folder provides to the form renderer (loaded on demand by its adapter).
 * treeSelect and address are the renderer's own widgets.
 */
export const formWidgets: Partial<Record<JnpfKey, ComponentType<WidgetProps>>> = {
  userSelect: withDefaults(UserSelect),
  usersSelect: withDefaults(UserSelect),
  comSelect: withDefaults(OrgSelect),
  depSelect: withDefaults(OrgSelect),
  posSelect: withDefaults(OrgSelect),
  roleSelect: OrgSelect,
  groupSelect: OrgSelect,
  popupSelect: PopupSelect,
  relationForm: PopupSelect,
  popupTableSelect: PopoverTableSelect,
  autoComplete: AutoCompleteInput,
  relationFormAttr: RelationAttr,
  popupAttr: RelationAttr,
};
