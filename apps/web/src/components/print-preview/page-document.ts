import type { PageParam } from '../../api/print-dev.ts';
import { PAGE_BREAK_CLASS, PAGE_BREAK_STYLE } from './print-tags.ts';

/**
 * The filled page as a whole document: for printing (page size and margins as CSS) and as a
 * Word-readable .doc (HTML with the Office namespaces and page section that Word reads).
 */

export type { PageParam };

export const DEFAULT_PAGE: PageParam = {
  paper: 'A4',
  orientation: 'portrait',
  marginTop: 20,
  marginRight: 15,
  marginBottom: 20,
  marginLeft: 15,
};

/** Paper sizes in millimetres, portrait. */
export const PAPER_MM: Record<PageParam['paper'], [number, number]> = {
  A4: [210, 297],
  A5: [148, 210],
  Letter: [215.9, 279.4],
};

/** Width and height of the sheet in millimetres as it is oriented. */
export function sheetSize(page: PageParam): [number, number] {
  const [w, h] = PAPER_MM[page.paper] ?? PAPER_MM.A4;
  return page.orientation === 'landscape' ? [h, w] : [w, h];
}

const margins = (p: PageParam) => `${p.marginTop}mm ${p.marginRight}mm ${p.marginBottom}mm ${p.marginLeft}mm`;

/**
 * How the content looks on paper and in the preview: the editor's alignment and size classes,
 * bordered tables, the approval table, page breaks.
 */
export const CONTENT_CSS = `
.print-page { font-family: "SimSun", "Songti SC", serif; font-size: 14px; line-height: 1.6; color: #000; }
.print-page p { margin: 0 0 4px; }
.print-page table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; table-layout: fixed; }
.print-page td, .print-page th { border: 1px solid #000; padding: 4px 6px; vertical-align: middle; word-break: break-all; }
.print-page th { font-weight: bold; text-align: center; }
.print-page .ql-align-center { text-align: center; }
.print-page .ql-align-right { text-align: right; }
.print-page .ql-align-justify { text-align: justify; }
.print-page .ql-size-small { font-size: 0.75em; }
.print-page .ql-size-large { font-size: 1.5em; }
.print-page .ql-size-huge { font-size: 2.5em; }
.print-page .ql-indent-1 { padding-left: 3em; }
.print-page .ql-indent-2 { padding-left: 6em; }
.print-page .print-page-break { page-break-before: always; break-before: page; height: 0; }
`;

/** The page CSS for printing: sheet size and margins. */
export function printPageCss(page: PageParam): string {
  const [w, h] = sheetSize(page);
  return `@page { size: ${w}mm ${h}mm; margin: ${margins(page)}; }\nbody { margin: 0; }\n${CONTENT_CSS}`;
}

/** Filled pages as one body, each starting on a sheet of its own: several records in one print job. */
export function joinPages(pages: readonly string[]): string {
  return pages.join(`<div class="${PAGE_BREAK_CLASS}" style="${PAGE_BREAK_STYLE}"></div>`);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A standalone HTML document of the filled page, as the print frame loads it. */
export function printDocument(bodyHtml: string, page: PageParam, title: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeText(title)}</title><style>${printPageCss(page)}</style></head><body><div class="print-page">${bodyHtml}</div></body></html>`;
}

/**
 * The .doc download: HTML that Word opens as a document in print layout, with the page size,
 * orientation and margins of the template (Word reads them from the @page section).
 */
export function wordDocument(bodyHtml: string, page: PageParam, title: string): string {
  const [w, h] = sheetSize(page);
  const orientation = page.orientation === 'landscape' ? 'mso-page-orientation: landscape;' : '';
  return [
    '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">',
    '<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">',
    `<title>${escapeText(title)}</title>`,
    '<!--[if gte mso 9]><xml><w:WordDocument><w:View>Print</w:View><w:Zoom>100</w:Zoom><w:DoNotOptimizeForBrowser/></w:WordDocument></xml><![endif]-->',
    `<style>@page Section1 { size: ${w}mm ${h}mm; ${orientation} margin: ${margins(page)}; }`,
    `div.Section1 { page: Section1; }${CONTENT_CSS}</style>`,
    '</head><body>',
    `<div class="Section1 print-page">${bodyHtml}</div>`,
    '</body></html>',
  ].join('\n');
}

export const DEFAULT_DOC_NAME = '下载文档';

/** The download's file name: the form's full name with .doc (default 下载文档.doc), safe for every OS. */
export function docFileName(fullName: string | null | undefined): string {
  const name = (fullName ?? '').replace(/[\\/:*?"<>|\r\n]+/g, '_').trim();
  return `${name || DEFAULT_DOC_NAME}.doc`;
}
