/** Texts of the shell's finishing touches (avatar menu, icon picker, rich-text toolbar) in Simplified Chinese. */
export const shellUi = {
  userMenu: '用户菜单',
  richEditor: {
    normal: '正文',
    heading1: '标题 1',
    heading2: '标题 2',
    heading3: '标题 3',
  },
  iconPicker: {
    placeholder: '请选择图标',
    empty: '没有匹配的图标',
  },
};
