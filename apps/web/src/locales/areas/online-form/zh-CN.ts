/** Texts of the page behind an online-form menu entry (a released visual-development model). */
export const onlineForm = {
  unavailable: '无法打开此功能',
  noModel: '菜单没有关联的功能',
  batchRemove: '批量删除',
  import: '导入',
  export: '导出',
  selectFirst: '请选择一条数据',
  fixErrors: '请修正标出的字段后再保存',
};
