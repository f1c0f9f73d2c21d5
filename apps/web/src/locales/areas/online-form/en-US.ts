/** Texts of the page behind an online-form menu entry (a released visual-development model). */
export const onlineForm = {
  unavailable: 'This function cannot be opened',
  noModel: 'The menu entry names no function',
  batchRemove: 'Delete selected',
  batchPrint: 'Print selected',
  chooseTemplate: 'Choose a print template',
  noPrintTemplate: 'No print template is available',
  import: 'Import',
  export: 'Export',
  selectFirst: 'Select at least one record',
  fixErrors: 'Correct the marked fields, then save again',
  save: 'Save',
  summary: 'Total',
  noGroup: '(none)',
  rowConflict: 'Someone else changed this record: its latest values are loaded, make your change again and save',
  treeFailed: 'The tree could not be loaded',
};
