export { NoticeViewDialog, NOTICE_DIALOG_WIDTH } from './notice-view-dialog.tsx';
export { safeHtml } from './safe-html.ts';
