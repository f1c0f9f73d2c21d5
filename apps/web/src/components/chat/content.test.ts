import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES } from '../../api/chat.ts';
import { bubbleSize, parseImageContent, unescapeText } from './content.ts';
import { chatImageRefusal } from './image-file.ts';

describe('chat content', () => {
  it('S1-5-20 S1-5-21 S1-8-09 refuses a non-image and an image of 5 MB or more', () => {
    expect(CHAT_IMAGE_MAX_BYTES).toBe(5242880);
    expect(chatImageRefusal({ type: 'image/png', size: 1024 })).toBeNull();
    expect(chatImageRefusal({ type: 'image/jpeg', size: 5242879 })).toBeNull();
    expect(chatImageRefusal({ type: 'image/jpeg', size: 5242880 })).toBe('chat.imageTooLarge');
    expect(chatImageRefusal({ type: 'image/gif', size: 9_000_000 })).toBe('chat.imageTooLarge');
    expect(chatImageRefusal({ type: 'application/pdf', size: 10 })).toBe('chat.notImage');
    expect(chatImageRefusal({ type: '', size: 10 })).toBe('chat.notImage');
  });

  it('turns the stored escapes back into the typed characters (shown as text, never as HTML)', () => {
    expect(unescapeText('&lt;b&gt;hi&lt;/b&gt; &amp; &quot;q&quot; &#39;s&#x27; &unknown;')).toBe(
      `<b>hi</b> & "q" 's' &unknown;`,
    );
  });

  it('S1-3-15 uses the path of an image message as the server linked it (with its ticket), under the API base', () => {
    const image = parseImageContent(
      '{"name":"a.png","path":"/api/file/Image/IM/a.png?ticket=1a.dTE.sig","width":400,"height":300}',
    );
    expect(image).toEqual({ src: '/prod/api/file/Image/IM/a.png?ticket=1a.dTE.sig', width: 400, height: 300 });
    expect(bubbleSize(image!)).toEqual({ width: 200, height: 150 });
    expect(parseImageContent('not json')).toBeNull();
    expect(parseImageContent('{"width":1}')).toBeNull();
  });
});
