import { describe, expect, it } from 'vitest';
import { fillTemplate, type FillContext } from './fill.ts';
import { docFileName, printDocument, wordDocument, DEFAULT_PAGE } from './page-document.ts';

const tag = (field: string, format?: string) =>
  `<span class="print-field" data-field="${field}"${format ? ` data-format="${format}"` : ''} contenteditable="false">{${field}}</span>`;
/** The shape Quill's embed gives a tag in the editor: guards around a content span. */
const editorTag = (field: string) =>
  `<span class="print-field" data-field="${field}">\uFEFF<span contenteditable="false">{${field}}</span>\uFEFF</span>`;

const context: FillContext = {
  printer: '施雪/shixue',
  now: new Date(2026, 10, 22, 9, 5, 7),
  records: [
    {
      nodeName: '部门审批',
      userName: '何欣',
      handleTime: new Date(2026, 10, 21, 8, 0, 0).getTime(),
      handleStatus: 1,
      handleOpinion: '同意',
    },
    { nodeName: '财务审批', userName: '张强', handleTime: null, handleStatus: 0, handleOpinion: null },
  ],
  approvalHeaders: ['节点', '审批人', '审批时间', '审批动作', '审批意见'],
  statusText: (s) => (s === 1 ? '同意' : s === 0 ? '退回' : ''),
};

const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;

describe('fillTemplate (print preview)', () => {
  it('S2-7-97 fills main fields with their values, as text', () => {
    const out = fillTemplate(
      `<p>姓名：${tag('realName')}，账号：${editorTag('account')}，空：${tag('missing')}</p>`,
      {
        realName: '<b>施雪</b>',
        account: 'shixue',
      },
      context,
    );
    expect(out).toBe('<p>姓名：&lt;b&gt;施雪&lt;/b&gt;，账号：shixue，空：</p>');
  });

  it('repeats a table row bound to T1 once per child row, keeping other rows', () => {
    const html =
      '<table><tbody><tr><td>类别</td><td>名称</td></tr>' +
      `<tr><td data-row="t1">${tag('T1.type')}</td><td data-row="t1">${tag('T1.name')}（${tag('realName')}）</td></tr>` +
      '</tbody></table>';
    const out = parse(
      fillTemplate(
        html,
        {
          realName: '施雪',
          T1: [
            { type: '组织', name: '市场部' },
            { type: '角色', name: '员工' },
          ],
        },
        context,
      ),
    );
    const rows = Array.from(out.querySelectorAll('tr')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['类别', '名称'],
      ['组织', '市场部（施雪）'],
      ['角色', '员工（施雪）'],
    ]);
    const empty = parse(fillTemplate(html, { T1: [] }, context));
    expect(empty.querySelectorAll('tr')).toHaveLength(1);
  });

  it('lists every child value where a T1 tag stands outside a table row', () => {
    expect(fillTemplate(`<p>${tag('T1.name')}</p>`, { T1: [{ name: 'a' }, { name: 'b' }] }, context)).toBe(
      '<p>a、b</p>',
    );
  });

  it('S2-9-23 fills systemPrinter (name/account) and systemPrintTime (yyyy-MM-dd HH:mm:ss)', () => {
    const out = fillTemplate(`<p>${tag('systemPrinter')} ${editorTag('systemPrintTime')}</p>`, {}, context);
    expect(out).toBe('<p>施雪/shixue 2026-11-22 09:05:07</p>');
  });

  it('S2-9-22 systemApprovalContent becomes a 5-column table of the approval records', () => {
    const out = parse(fillTemplate(`<p>审批：</p><p>${tag('systemApprovalContent')}</p>`, {}, context));
    const table = out.querySelector('table.print-approval')!;
    expect(table.parentElement).toBe(out);
    expect(Array.from(table.querySelectorAll('th')).map((th) => th.textContent)).toEqual(context.approvalHeaders);
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((r) =>
      Array.from(r.querySelectorAll('td')).map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['部门审批', '何欣', '2026-11-21 08:00:00', '同意', '同意'],
      ['财务审批', '张强', '', '退回', ''],
    ]);
    const none = parse(fillTemplate(tag('systemApprovalContent'), {}, { ...context, records: [] }));
    expect(none.querySelectorAll('th')).toHaveLength(5);
    expect(none.querySelectorAll('tbody tr')).toHaveLength(0);
  });

  it('prints a number in Chinese uppercase where the tag asks for the amount in words', () => {
    const html = `<p>${tag('amount', 'amountInWords')}</p><table><tbody><tr><td>${tag('T1.price', 'amountInWords')}</td></tr></tbody></table>`;
    const out = parse(fillTemplate(html, { amount: 1234.56, T1: [{ price: '100' }] }, context));
    expect(out.querySelector('p')!.textContent).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(out.querySelector('td')!.textContent).toBe('壹佰元整');
  });

  it('turns the page-break marker into a CSS page break', () => {
    const out = parse(fillTemplate('<p>一</p><hr class="print-page-break"><p>二</p>', {}, context));
    const marker = out.querySelector('.print-page-break')!;
    expect(marker.tagName).toBe('DIV');
    expect(marker.getAttribute('style')).toContain('page-break-before: always');
    expect(out.querySelector('hr')).toBeNull();
  });

  it('S2-5-48 images print at their width and height attributes, 100 by default', () => {
    const out = parse(
      fillTemplate(
        '<p><img src="data:image/png;base64,AA=="><img src="x.png" width="40" height="30"></p>',
        {},
        context,
      ),
    );
    const [a, b] = Array.from(out.querySelectorAll('img'));
    expect([a!.getAttribute('width'), a!.getAttribute('height')]).toEqual(['100', '100']);
    expect([b!.getAttribute('width'), b!.getAttribute('height')]).toEqual(['40', '30']);
  });
});

describe('page documents', () => {
  it('S2-9-21 names the download after the form, default 下载文档.doc', () => {
    expect(docFileName('员工信息登记表')).toBe('员工信息登记表.doc');
    expect(docFileName('')).toBe('下载文档.doc');
    expect(docFileName(undefined)).toBe('下载文档.doc');
    expect(docFileName('a/b:c')).toBe('a_b_c.doc');
  });

  it('the .doc is Word-readable HTML with the Office header and the page section', () => {
    const doc = wordDocument('<p>施雪</p>', { ...DEFAULT_PAGE, orientation: 'landscape', paper: 'A5' }, '员工');
    expect(doc).toContain('xmlns:w="urn:schemas-microsoft-com:office:word"');
    expect(doc).toContain('<w:View>Print</w:View>');
    expect(doc).toContain('size: 210mm 148mm; mso-page-orientation: landscape;');
    expect(doc).toContain('<div class="Section1 print-page"><p>施雪</p></div>');
  });

  it('the print document sets the sheet size and margins', () => {
    const doc = printDocument('<p>x</p>', DEFAULT_PAGE, '<t>');
    expect(doc).toContain('@page { size: 210mm 297mm; margin: 20mm 15mm 20mm 15mm; }');
    expect(doc).toContain('<title>&lt;t&gt;</title>');
  });
});
