/** Texts of the shell's finishing touches (avatar menu, icon picker, rich-text toolbar) in English. */
export const shellUi = {
  userMenu: 'User menu',
  richEditor: {
    normal: 'Normal',
    heading1: 'Heading 1',
    heading2: 'Heading 2',
    heading3: 'Heading 3',
  },
  iconPicker: {
    placeholder: 'Choose an icon',
    empty: 'No icon matches',
  },
};
