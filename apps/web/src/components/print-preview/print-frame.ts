/** What an element's printout adds to the page's own styles: A4 with margins, white paper, no screen chrome. */
const PRINT_CSS = `
@page { size: A4; margin: 15mm 12mm; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
.noPrint { display: none !important; }
`;

/**
 * Prints from a hidden frame, so that only what `fill` writes into its document reaches the
 * printer, without the shell around it. When `fill` answers a promise (style sheets still loading)
 * the frame prints once it settles. The frame goes once the browser has printed (or given up).
 * Answers the frame, for tests.
 */
function printFromFrame(fill: (doc: Document) => Promise<unknown> | void): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const win = frame.contentWindow!;
  const remove = () => setTimeout(() => frame.remove(), 500);
  const print = () => {
    win.addEventListener('afterprint', remove, { once: true });
    win.focus();
    win.print();
    // Browsers that print synchronously never fire afterprint on a frame.
    setTimeout(remove, 60_000);
  };
  const filled = fill(win.document);
  if (filled) void filled.then(print);
  else print();
  return frame;
}

/** Prints a standalone HTML document (a filled print template). */
export function printHtml(html: string): HTMLIFrameElement {
  return printFromFrame((doc) => {
    doc.open();
    doc.write(html);
    doc.close();
  });
}

/**
 * Prints one element of the page on its own. The frame gets copies of the page's style sheets
 * (antd's and the CSS modules') and of the element, so the printout looks as the element does on
 * screen.
 */
export function printElement(element: HTMLElement, title: string): HTMLIFrameElement {
  return printFromFrame((doc) => {
    doc.open();
    doc.write('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    doc.close();
    doc.title = title;
    const loading: Promise<void>[] = [];
    for (const sheet of document.querySelectorAll('style, link[rel="stylesheet"]')) {
      const copy = doc.importNode(sheet, true) as HTMLElement;
      // A linked sheet (the built app's CSS) must have loaded, or the printout comes out bare.
      if (copy.tagName === 'LINK')
        loading.push(
          new Promise((resolve) => {
            copy.addEventListener('load', () => resolve(), { once: true });
            copy.addEventListener('error', () => resolve(), { once: true });
          }),
        );
      doc.head.appendChild(copy);
    }
    const page = doc.createElement('style');
    page.textContent = PRINT_CSS;
    doc.head.appendChild(page);
    doc.body.appendChild(doc.importNode(element, true));
    return Promise.all(loading);
  });
}
