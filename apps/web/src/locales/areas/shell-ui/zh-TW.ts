/** Texts of the shell's finishing touches (avatar menu, icon picker, rich-text toolbar) in Traditional Chinese. */
export const shellUi = {
  userMenu: '使用者選單',
  richEditor: {
    normal: '內文',
    heading1: '標題 1',
    heading2: '標題 2',
    heading3: '標題 3',
  },
  iconPicker: {
    placeholder: '請選擇圖示',
    empty: '沒有符合的圖示',
  },
};
