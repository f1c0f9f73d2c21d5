// @vitest-environment-options {"settings":{"enableIframePageLoading":true}}
// happy-dom loads no frame page, about:blank included, unless told to.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printElement } from './print-frame.ts';

describe('printElement', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove());
  });

  it('prints a copy of the element with the page styles in a hidden frame, leaving the page as it was', async () => {
    const style = document.createElement('style');
    style.dataset.test = 'x';
    style.textContent = '.sheet { color: red; }';
    document.head.appendChild(style);
    const sheet = document.createElement('div');
    sheet.className = 'sheet';
    sheet.innerHTML = '<h1>张三的请假申请</h1><button class="noPrint">x</button>';
    document.body.appendChild(sheet);

    const frame = printElement(sheet, '张三的请假申请');
    // happy-dom has no printing: the frame's print is watched instead (it is called once styles are in).
    const print = vi.fn();
    Object.defineProperty(frame.contentWindow!, 'print', { value: print, configurable: true });
    const doc = frame.contentWindow!.document;
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(doc.title).toBe('张三的请假申请');
    expect(doc.body.querySelector('.sheet h1')!.textContent).toBe('张三的请假申请');
    const styles = [...doc.head.querySelectorAll('style')].map((s) => s.textContent);
    expect(styles).toContain('.sheet { color: red; }');
    expect(styles.some((s) => s?.includes('.noPrint { display: none !important; }'))).toBe(true);
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // The page's own element stays where it was.
    expect(sheet.parentElement).toBe(document.body);
  });
});
