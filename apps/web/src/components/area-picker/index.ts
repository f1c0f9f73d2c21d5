export { AddressPicker, type AddressPickerProps } from './address-picker.tsx';
export { pathsOf, joinNames, pickerLevel } from './area-options.ts';
export { AreaTransferDialog, type AreaTransferDialogProps, type PickedArea } from './area-transfer-dialog.tsx';
