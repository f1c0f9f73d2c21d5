import sanitizeHtml from 'sanitize-html';

/**
 * The print template HTML as stored: what the designer produces (text formats, tables, images, the
 * field tags and the page-break marker) and nothing that runs. Every user who prints a record gets
 * this HTML, so scripts, event handlers, frames, forms and javascript: links are dropped here; the
 * browser sanitises once more before it renders a filled page.
 */

/** CSS values without url(), expression() or anything that leaves the declaration. */
const SAFE_VALUE = /^(?!.*(?:url|expression|javascript|behaviou?r)\s*[(:])[^;<>{}\\]*$/i;
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-size',
  'font-family',
  'font-weight',
  'font-style',
  'text-align',
  'text-decoration',
  'vertical-align',
  'line-height',
  'letter-spacing',
  'width',
  'height',
  'min-width',
  'max-width',
  'min-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-collapse',
  'white-space',
  'page-break-before',
  'page-break-after',
  'break-before',
  'break-after',
  'table-layout',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'span', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'font',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'blockquote', 'pre', 'code', 'hr', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col',
  ], // prettier-ignore
  allowedAttributes: {
    '*': ['style', 'class', 'align', 'data-*', 'title'],
    span: ['contenteditable'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    td: ['colspan', 'rowspan', 'width', 'height', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'height', 'valign'],
    col: ['span', 'width'],
    font: ['color', 'size', 'face'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_VALUE]])) },
  // Tags that are dropped lose their content too when it is code or markup for something else.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
};

export function sanitizePrintTemplate(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
