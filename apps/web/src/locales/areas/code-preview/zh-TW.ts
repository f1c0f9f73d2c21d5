/** Texts of the code generator's preview dialog. */
export const codePreview = {
  title: '程式碼預覽',
  area: '模組區域',
  download: '下載程式碼',
  copy: '複製',
  copied: '已複製',
  copyFailed: '複製失敗，請手動選取程式碼複製',
  empty: '沒有產生的檔案',
  files: '共 {{count}} 個檔案',
};
