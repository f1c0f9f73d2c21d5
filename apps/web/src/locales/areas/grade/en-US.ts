import type { grade as zhCN } from './zh-CN.ts';

/** Texts of grade management and the grade pickers in English. */
export const grade: typeof zhCN = {
  title: 'Grades',
  name: 'Grade name',
  code: 'Grade code',
  level: 'Level',
  levelHint: '1 is the lowest level',
  grade: 'Grade',
  add: 'New grade',
  edit: 'Edit grade',
  positions: 'Positions',
  users: 'People',
  none: 'Not set',
  placeholder: 'Choose a grade',
};
