/**
 * The texts of form validation and formatting, in every language the product speaks. They live
 * here rather than in the web or server catalogues because the server validator and the browser
 * must answer with the very same words for the same mistake.
 */
import type { FormLang, FormTranslate } from './types.ts';

const zhCN = {
  // Required, by the way a kind is filled in.
  requiredInput: '请输入{label}',
  requiredSelect: '请选择{label}',
  requiredUpload: '请上传{label}',
  cannotBeEmpty: '{label}不能为空',
  // The reusable patterns.
  'pattern.mobile': '请输入正确的手机号码',
  'pattern.password': '6-16位字符密码（数字和字母）',
  'pattern.idCard': '请输入正确的身份证号码',
  'pattern.email': '请输入正确的邮箱',
  'pattern.plate': '请输入正确的车牌号',
  'pattern.chinese': '请输入中文',
  'pattern.enCode': '编码只能输入英文、数字和小数点且小数点不能放在首尾',
  'pattern.account': '只能输入英文和数字',
  'pattern.fullName': '名称不能含有特殊符号',
  'pattern.numericCode': '编码只能输入数字',
  'pattern.duration': '时间只能为整数或者0.5的倍数',
  'pattern.positiveInteger': '请输入正整数',
  'pattern.fieldName': '只能输入字母、数字、下划线，且不能以数字或下划线开头',
  // Shapes and ranges.
  invalidValue: '{label}的值无效',
  invalidOption: '{label}含有无效的选项',
  invalidPattern: '{label}格式不正确',
  notNumber: '{label}必须是数字',
  numMin: '{label}不能小于{min}',
  numMax: '{label}不能大于{max}',
  numPrecision: '{label}最多保留{precision}位小数',
  maxLength: '{label}不能超过{max}个字符',
  countMin: '{label}至少选择{min}项',
  countMax: '{label}最多选择{max}项',
  rangeOrder: '{label}的起始值不能大于结束值',
  barcodeText: '条码只能包含字母和数字',
  // Uploads.
  fileLimit: '当前限制最多可以上传{n}个文件',
  imageLimit: '当前限制最多可以上传{n}张图片',
  fileTooLarge: '文件大小超过{size}{unit}',
  imageTooLarge: '图片大小超过{size}{unit}',
  fileType: '请选择{type}类型的文件',
  imageOnly: '请上传图片',
  uploadHint: '只能上传不超过{size}{unit}的{type}文件',
  'fileFamily.image': '图片',
  'fileFamily.video': '视频',
  'fileFamily.audio': '音频',
  'fileFamily.excel': 'excel',
  'fileFamily.word': 'word',
  'fileFamily.pdf': 'pdf',
  'fileFamily.txt': 'txt',
  // Calculation and display.
  amountTooLarge: '金额过大，无法计算',
  formulaError: '计算公式有误',
  summary: '合计',
  billRuleHint: '系统自动生成',
  yes: '是',
  no: '否',
  rowLabel: '第{n}行',
} as const;

export type FormMessageKey = keyof typeof zhCN;

const zhTW: Record<FormMessageKey, string> = {
  requiredInput: '請輸入{label}',
  requiredSelect: '請選擇{label}',
  requiredUpload: '請上傳{label}',
  cannotBeEmpty: '{label}不能為空',
  'pattern.mobile': '請輸入正確的手機號碼',
  'pattern.password': '6-16位字元密碼（數字和字母）',
  'pattern.idCard': '請輸入正確的身分證號碼',
  'pattern.email': '請輸入正確的電子郵件',
  'pattern.plate': '請輸入正確的車牌號',
  'pattern.chinese': '請輸入中文',
  'pattern.enCode': '編碼只能輸入英文、數字和小數點且小數點不能放在首尾',
  'pattern.account': '只能輸入英文和數字',
  'pattern.fullName': '名稱不能含有特殊符號',
  'pattern.numericCode': '編碼只能輸入數字',
  'pattern.duration': '時間只能為整數或者0.5的倍數',
  'pattern.positiveInteger': '請輸入正整數',
  'pattern.fieldName': '只能輸入字母、數字、底線，且不能以數字或底線開頭',
  invalidValue: '{label}的值無效',
  invalidOption: '{label}含有無效的選項',
  invalidPattern: '{label}格式不正確',
  notNumber: '{label}必須是數字',
  numMin: '{label}不能小於{min}',
  numMax: '{label}不能大於{max}',
  numPrecision: '{label}最多保留{precision}位小數',
  maxLength: '{label}不能超過{max}個字元',
  countMin: '{label}至少選擇{min}項',
  countMax: '{label}最多選擇{max}項',
  rangeOrder: '{label}的起始值不能大於結束值',
  barcodeText: '條碼只能包含字母和數字',
  fileLimit: '當前限制最多可以上傳{n}個檔案',
  imageLimit: '當前限制最多可以上傳{n}張圖片',
  fileTooLarge: '檔案大小超過{size}{unit}',
  imageTooLarge: '圖片大小超過{size}{unit}',
  fileType: '請選擇{type}類型的檔案',
  imageOnly: '請上傳圖片',
  uploadHint: '只能上傳不超過{size}{unit}的{type}檔案',
  'fileFamily.image': '圖片',
  'fileFamily.video': '影片',
  'fileFamily.audio': '音訊',
  'fileFamily.excel': 'excel',
  'fileFamily.word': 'word',
  'fileFamily.pdf': 'pdf',
  'fileFamily.txt': 'txt',
  amountTooLarge: '金額過大，無法計算',
  formulaError: '計算公式有誤',
  summary: '合計',
  billRuleHint: '系統自動生成',
  yes: '是',
  no: '否',
  rowLabel: '第{n}行',
};

const enUS: Record<FormMessageKey, string> = {
  requiredInput: 'Please enter {label}',
  requiredSelect: 'Please select {label}',
  requiredUpload: 'Please upload {label}',
  cannotBeEmpty: '{label} cannot be empty',
  'pattern.mobile': 'Please enter a correct phone number',
  'pattern.password': '6-16 character password (digits and letters)',
  'pattern.idCard': 'Please enter a correct ID number',
  'pattern.email': 'Please enter a correct email address',
  'pattern.plate': 'Please enter a correct plate number',
  'pattern.chinese': 'Please enter Chinese',
  'pattern.enCode': 'The code may only contain English letters, digits and dots, and the dot cannot be first or last',
  'pattern.account': 'Digits and English letters only',
  'pattern.fullName': 'The name cannot contain special symbols',
  'pattern.numericCode': 'The code can only be digits',
  'pattern.duration': 'The time can only be an integer or a multiple of 0.5',
  'pattern.positiveInteger': 'Please enter a positive integer',
  'pattern.fieldName': 'Only letters, digits and underscores, and it cannot begin with a digit or underscore',
  invalidValue: '{label} has an invalid value',
  invalidOption: '{label} holds an option that does not exist',
  invalidPattern: '{label} is not in the right format',
  notNumber: '{label} must be a number',
  numMin: '{label} cannot be less than {min}',
  numMax: '{label} cannot be greater than {max}',
  numPrecision: '{label} allows at most {precision} decimal places',
  maxLength: '{label} cannot be longer than {max} characters',
  countMin: 'Select at least {min} items for {label}',
  countMax: 'Select at most {max} items for {label}',
  rangeOrder: 'The start of {label} cannot be greater than its end',
  barcodeText: 'A barcode may only contain letters and digits',
  fileLimit: 'Currently at most {n} files can be uploaded',
  imageLimit: 'Currently at most {n} pictures can be uploaded',
  fileTooLarge: 'The file size exceeds {size}{unit}',
  imageTooLarge: 'The image size exceeds {size}{unit}',
  fileType: 'Please choose a file of type {type}',
  imageOnly: 'Please upload a picture',
  uploadHint: 'Only {type} files of at most {size}{unit} can be uploaded',
  'fileFamily.image': 'image',
  'fileFamily.video': 'video',
  'fileFamily.audio': 'audio',
  'fileFamily.excel': 'excel',
  'fileFamily.word': 'word',
  'fileFamily.pdf': 'pdf',
  'fileFamily.txt': 'txt',
  amountTooLarge: 'Amount too large to calculate',
  formulaError: 'The calculation formula is wrong',
  summary: 'Total',
  billRuleHint: 'Generated by the system',
  yes: 'Yes',
  no: 'No',
  rowLabel: 'row {n}',
};

export const FORM_MESSAGES: Record<FormLang, Record<FormMessageKey, string>> = {
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'en-US': enUS,
};

export const DEFAULT_FORM_LANG: FormLang = 'zh-CN';

/** The caller's language among those the form texts exist in; anything unknown reads as zh-CN. */
export function toFormLang(lang: string | null | undefined): FormLang {
  if (!lang) return DEFAULT_FORM_LANG;
  const l = lang.toLowerCase();
  if (l.startsWith('en')) return 'en-US';
  if (l === 'zh-tw' || l === 'zhtw' || l === 'zh-hk' || l.startsWith('zh-hant')) return 'zh-TW';
  return 'zh-CN';
}

function fill(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A form message in a language, with its `{placeholders}` filled. */
export function formMessage(
  key: FormMessageKey,
  params?: Record<string, string | number>,
  lang: FormLang = DEFAULT_FORM_LANG,
): string {
  return fill(FORM_MESSAGES[lang][key], params);
}

/** A translate function over a language, or the caller's own translator as it is. */
export function formTranslator(t?: FormLang | FormTranslate): FormTranslate {
  if (typeof t === 'function') return t;
  const lang = t ?? DEFAULT_FORM_LANG;
  return (key, params) =>
    Object.hasOwn(FORM_MESSAGES[lang], key) ? formMessage(key as FormMessageKey, params, lang) : fill(key, params);
}
