import type { MessageCatalogue } from '../../core/messages.ts';

/** Refusals of private file links (docs/files.md), and the upload and preview messages. */
export const fileMessages = {
  fileTicketMissing: {
    'zh-CN': '文件链接缺少访问票据，请从列表中重新打开',
    'zh-TW': '檔案連結缺少存取票據，請從清單中重新開啟',
    'en-US': 'This file link has no ticket; open the file again from its list',
  },
  fileTicketInvalid: {
    'zh-CN': '文件链接无效',
    'zh-TW': '檔案連結無效',
    'en-US': 'This file link is not valid',
  },
  fileTicketExpired: {
    'zh-CN': '文件链接已过期，请刷新后重新打开',
    'zh-TW': '檔案連結已過期，請重新整理後再開啟',
    'en-US': 'This file link has expired; refresh and open the file again',
  },
  fileNotVisible: {
    'zh-CN': '您无权查看此文件',
    'zh-TW': '您無權查看此檔案',
    'en-US': 'You may not see this file',
  },
  fileNotFound: {
    'zh-CN': '文件不存在或已过期',
    'zh-TW': '檔案不存在或已過期',
    'en-US': 'The file does not exist or has expired',
  },
  rangeNotSatisfiable: {
    'zh-CN': '请求的范围超出文件大小',
    'zh-TW': '請求的範圍超出檔案大小',
    'en-US': 'The requested range lies beyond the end of the file',
  },
  fileNotExist: {
    'zh-CN': '文件不存在',
    'zh-TW': '檔案不存在',
    'en-US': 'The file does not exist',
  },
  previewUnavailable: {
    'zh-CN': '该文件暂不支持在线预览，请下载后查看',
    'zh-TW': '此檔案暫不支援線上預覽，請下載後檢視',
    'en-US': 'This file cannot be previewed here; download it instead',
  },
  fileNameUnsafe: {
    'zh-CN': '不能包含路径或特殊字符（/ \\ : * ? " < > |）',
    'zh-TW': '不能包含路徑或特殊字元（/ \\ : * ? " < > |）',
    'en-US': 'may not hold a path or the characters / \\ : * ? " < > |',
  },
  chunkCountWrong: {
    'zh-CN': '与文件大小不符，应为 {count}',
    'zh-TW': '與檔案大小不符，應為 {count}',
    'en-US': 'does not match the file size; it must be {count}',
  },
  chunkLengthWrong: {
    'zh-CN': '分片大小不正确，应为 {size} 字节',
    'zh-TW': '分片大小不正確，應為 {size} 位元組',
    'en-US': 'has the wrong length; this chunk must be {size} bytes',
  },
  chunksMissing: {
    'zh-CN': '文件分片不完整，缺少第 {chunks} 片，请继续上传',
    'zh-TW': '檔案分片不完整，缺少第 {chunks} 片，請繼續上傳',
    'en-US': 'Some chunks of the file are missing ({chunks}); resume the upload',
  },
  fileMd5Mismatch: {
    'zh-CN': '文件校验失败（MD5 不一致），请重新上传',
    'zh-TW': '檔案校驗失敗（MD5 不一致），請重新上傳',
    'en-US': 'The file failed its check (its MD5 differs); upload it again',
  },
  mergeBusy: {
    'zh-CN': '该文件正在合并，请稍候',
    'zh-TW': '此檔案正在合併，請稍候',
    'en-US': 'This file is being merged already; please wait',
  },
  /** The batch import of any module (spreadsheet-import.ts). */
  importFileType: {
    'zh-CN': '请选择excel类型的文件（.xls、.xlsx）',
    'zh-TW': '請選擇excel類型的檔案（.xls、.xlsx）',
    'en-US': 'Please choose an Excel file (.xls or .xlsx)',
  },
  importFileSize: {
    'zh-CN': '文件大小不能超过500KB',
    'zh-TW': '檔案大小不能超過500KB',
    'en-US': 'The file may not exceed 500KB',
  },
  importFileXls: {
    'zh-CN': '无法读取该文件，请另存为 .xlsx 格式后再上传',
    'zh-TW': '無法讀取該檔案，請另存為 .xlsx 格式後再上傳',
    'en-US': 'The file cannot be read; save it as .xlsx and upload it again',
  },
  importFileMissing: { 'zh-CN': '请先上传文件', 'zh-TW': '請先上傳檔案', 'en-US': 'Please upload a file first' },
  importTooManyRows: {
    'zh-CN': '导入数据不能超过{max}条',
    'zh-TW': '匯入資料不能超過{max}筆',
    'en-US': 'At most {max} rows can be imported',
  },
  importEmpty: { 'zh-CN': '导入数据为空', 'zh-TW': '匯入資料為空', 'en-US': 'There is no data to import' },
  importSuccess: { 'zh-CN': '导入成功', 'zh-TW': '匯入成功', 'en-US': 'Imported' },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    file: typeof fileMessages;
  }
}
