import { useRef, useState } from 'react';
import { RichEditor } from '../../../components/rich-editor/index.ts';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/** What quill holds when nothing was typed: counts as no body, so 'required' can catch it. */
function isBlank(html: string): boolean {
  return html.replace(/<p>(<br>)?<\/p>/g, '').trim() === '';
}

/**
 * The notice body as a Form.Item control over the shared rich editor, which reads its content only
 * when it is made: a value set from outside (the loaded notice) remakes it, the user's own typing
 * (echoed back as `value`) does not.
 */
export function NoticeEditor({ value = '', onChange, placeholder, 'data-testid': testId }: Props) {
  const typed = useRef<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [shown, setShown] = useState(value);
  if (value !== shown && value !== typed.current) {
    setShown(value);
    setGeneration((g) => g + 1);
  }
  return (
    <RichEditor
      key={generation}
      defaultValue={value}
      placeholder={placeholder}
      data-testid={testId}
      onChange={(html) => {
        const next = isBlank(html) ? '' : html;
        typed.current = next;
        setShown(next);
        onChange?.(next);
      }}
    />
  );
}
