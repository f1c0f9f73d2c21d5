import { inLanguages as m, type MessageCatalogue } from '../../core/messages.ts';

/** Server messages of users and roles, registered with core/messages.ts by its routes plugin. */
export const usersMessages = {
  accountTaken: m(['账户“{account}”已存在', '帳戶「{account}」已存在', 'The account "{account}" is already in use']),
  // Worded like every other field problem: 参数 {field} 无效：... / Invalid {field}: ...
  referenceMissing: m([
    '参数 {field} 无效：所选数据不存在',
    '參數 {field} 無效：所選資料不存在',
    'Invalid {field}: the chosen record does not exist',
  ]),
  managerSelf: m(['直属主管不能是用户自己', '直屬主管不能是使用者自己', 'A user cannot be their own manager']),
  userDeleteAdmin: m(['不能删除管理员账户', '不能刪除管理員帳戶', 'An administrator account cannot be deleted']),
  userDeleteSelf: m(['不能删除自己的账户', '不能刪除自己的帳戶', 'You cannot delete your own account']),
  userStateSelf: m(['不能禁用自己的账户', '不能停用自己的帳戶', 'You cannot disable your own account']),
  userStateAdmin: m(['不能禁用管理员账户', '不能停用管理員帳戶', 'An administrator account cannot be disabled']),
  passwordMismatch: m(['两次输入的密码不一致', '兩次輸入的密碼不一致', 'The two passwords do not match']),
  resetPasswordSuccess: m(['重置密码成功', '重設密碼成功', 'Password reset']),
  roleInUse: m([
    '该角色下还有{count}个用户，请先移除这些用户再删除',
    '該角色下還有{count}個使用者，請先移除這些使用者再刪除',
    'This role still has {count} user(s); remove them from the role before deleting it',
  ]),
  roleOrganizeRequired: m([
    '组织角色必须选择所属组织',
    '組織角色必須選擇所屬組織',
    'A role that is not global needs an organisation',
  ]),
  importAccountRequired: m(['账户不能为空', '帳戶不能為空', 'Account is required']),
  importAccountFormat: m([
    '账户只能包含字母和数字',
    '帳戶只能包含字母和數字',
    'Account may contain only letters and digits',
  ]),
  importAccountDuplicate: m(['账户在文件中重复', '帳戶在檔案中重複', 'Account appears more than once in the file']),
  importAccountTaken: m(['账户已存在', '帳戶已存在', 'Account already exists']),
  importRealNameRequired: m(['姓名不能为空', '姓名不能為空', 'Name is required']),
  importGender: m(['性别只能是男或女', '性別只能是男或女', 'Gender must be male or female']),
  importMobile: m(['手机号码格式不正确', '手機號碼格式不正確', 'Mobile number is not valid']),
  importEmail: m(['邮箱格式不正确', '信箱格式不正確', 'Email is not valid']),
  importTooLong: m(['{field}过长', '{field}過長', '{field} is too long']),
  importControlChars: m([
    '{field}不能包含控制字符',
    '{field}不能包含控制字元',
    '{field} must not contain control characters',
  ]),
  importOrganizeRequired: m(['所属组织不能为空', '所屬組織不能為空', 'Organisation is required']),
  importOrganizeMissing: m(['组织“{name}”不存在', '組織「{name}」不存在', 'Organisation "{name}" does not exist']),
  importOrganizeAmbiguous: m([
    '组织“{name}”不唯一，请填写完整路径',
    '組織「{name}」不唯一，請填寫完整路徑',
    'Organisation "{name}" is ambiguous; give its full path',
  ]),
  importPositionMissing: m(['岗位“{name}”不存在', '崗位「{name}」不存在', 'Position "{name}" does not exist']),
  importRoleMissing: m(['角色“{name}”不存在', '角色「{name}」不存在', 'Role "{name}" does not exist']),
  userColAccount: m(['账户', '帳戶', 'Account']),
  userColRealName: m(['姓名', '姓名', 'Name']),
  userColGender: m(['性别', '性別', 'Gender']),
  userColMobilePhone: m(['手机', '手機', 'Mobile']),
  userColEmail: m(['邮箱', '信箱', 'Email']),
  userColOrganize: m(['所属组织', '所屬組織', 'Organisation']),
  userColPosition: m(['岗位', '崗位', 'Positions']),
  userColRole: m(['角色', '角色', 'Roles']),
  userColDescription: m(['说明', '說明', 'Description']),
  colErrorsInfo: m(['异常原因', '異常原因', 'Errors']),
  genderMale: m(['男', '男', 'Male']),
  genderFemale: m(['女', '女', 'Female']),
  userSheetName: m(['用户信息', '使用者資訊', 'Users']),
  roleGlobal: m(['全局', '全域', 'Global']),
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    permission: typeof usersMessages;
  }
}
