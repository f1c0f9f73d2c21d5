/** Texts of the page behind an online-form menu entry (a released visual-development model). */
export const onlineForm = {
  unavailable: '無法開啟此功能',
  noModel: '選單沒有關聯的功能',
  batchRemove: '批次刪除',
  batchPrint: '批次列印',
  chooseTemplate: '選擇列印範本',
  noPrintTemplate: '沒有可用的列印範本',
  import: '匯入',
  export: '匯出',
  selectFirst: '請選擇一筆資料',
  fixErrors: '請修正標出的欄位後再儲存',
  save: '儲存',
  summary: '合計',
  noGroup: '（空）',
  rowConflict: '資料已被他人修改，已載入最新內容，請重新修改後儲存',
  treeFailed: '左側樹載入失敗',
};
