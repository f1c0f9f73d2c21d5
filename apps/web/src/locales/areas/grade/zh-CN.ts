/** Texts of grade management and the grade pickers; the main locale files take each part. */
export const grade = {
  title: '职级管理',
  name: '职级名称',
  code: '职级编码',
  level: '职级等级',
  levelHint: '1 为最低等级',
  grade: '职级',
  add: '新建职级',
  edit: '编辑职级',
  positions: '岗位数',
  users: '人数',
  none: '未设置',
  placeholder: '请选择职级',
};
