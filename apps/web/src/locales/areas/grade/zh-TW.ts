import type { grade as zhCN } from './zh-CN.ts';

/** Texts of grade management and the grade pickers in Traditional Chinese. */
export const grade: typeof zhCN = {
  title: '職級管理',
  name: '職級名稱',
  code: '職級編碼',
  level: '職級等級',
  levelHint: '1 為最低等級',
  grade: '職級',
  add: '新增職級',
  edit: '編輯職級',
  positions: '崗位數',
  users: '人數',
  none: '未設定',
  placeholder: '請選擇職級',
};
