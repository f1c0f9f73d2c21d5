/** Texts of the code generator's preview dialog. */
export const codePreview = {
  title: '代码预览',
  area: '模块区域',
  download: '下载代码',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择代码复制',
  empty: '没有生成的文件',
  files: '共 {{count}} 个文件',
};
