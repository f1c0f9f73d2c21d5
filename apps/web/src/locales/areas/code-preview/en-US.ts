/** Texts of the code generator's preview dialog. */
export const codePreview = {
  title: 'Code preview',
  area: 'Module area',
  download: 'Download code',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the code and copy it yourself',
  empty: 'No files were generated',
  files: '{{count}} files',
};
