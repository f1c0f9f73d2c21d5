/** Texts of the page behind an online-form menu entry (a released visual-development model). */
export const onlineForm = {
  unavailable: '无法打开此功能',
  noModel: '菜单没有关联的功能',
  batchRemove: '批量删除',
  batchPrint: '批量打印',
  chooseTemplate: '选择打印模板',
  noPrintTemplate: '没有可用的打印模板',
  import: '导入',
  export: '导出',
  selectFirst: '请选择一条数据',
  fixErrors: '请修正标出的字段后再保存',
  save: '保存',
  summary: '合计',
  noGroup: '（空）',
  rowConflict: '数据已被他人修改，已载入最新内容，请重新修改后保存',
  treeFailed: '左侧树加载失败',
};
