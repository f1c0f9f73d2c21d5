import type { DropdownProps } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The keyboard behaviour of the top bar's menu buttons (avatar, language, size):
 * - opening puts the focus on the menu itself with no entry picked yet, so the first Down is the
 *   first entry and the first Up is the last one (sign out in the avatar menu);
 * - every opening starts afresh: the entry used last time is not remembered;
 * - closing while the focus is in the menu (Escape, or choosing an entry) gives the focus back to
 *   the button. antd's own focus return never runs: the popup's Escape handler closes the menu
 *   before the dropdown's handler sees the key, so the focus was left on the page.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // The popup mounts on the next frames (portal, then motion): wait for the list a few frames.
    let tries = 0;
    let frame = requestAnimationFrame(function focusList() {
      const list = boxRef.current?.querySelector<HTMLElement>('[role=menu]');
      if (list) list.focus({ preventScroll: true });
      else if ((tries += 1) < 20) frame = requestAnimationFrame(focusList);
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);

  function onOpenChange(next: boolean) {
    const box = boxRef.current;
    if (!next && box && box.contains(document.activeElement)) triggerRef.current?.focus();
    setOpen(next);
  }

  // Escape is taken before the menu sees it: the menu would move its highlight to the last entry
  // and then pull the focus into the closing popup, away from the button.
  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onOpenChange(false);
  }

  const dropdownProps = {
    open,
    onOpenChange,
    destroyOnHidden: true,
    popupRender: (menu: ReactNode) => (
      <div ref={boxRef} onKeyDownCapture={onKeyDownCapture}>
        {menu}
      </div>
    ),
  } satisfies Partial<DropdownProps>;
  return { dropdownProps, triggerRef };
}
