import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { frameableUrl } from './link-url.ts';

/**
 * Menu links with target _self (type 7) open here, framed full size under the shell. The height
 * leaves room for the shell's top bars (--atrium-shell-top when the layout sets it).
 */
export default function ExternalLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = frameableUrl(params.get('url'));

  if (!url)
    return (
      <div data-testid="external-link-page">
        <Result status="warning" title={t('sso.invalidLink')} />
      </div>
    );
  return (
    <div
      data-testid="external-link-page"
      style={{ height: 'calc(100vh - var(--atrium-shell-top, 50px))', minHeight: 320, display: 'flex' }}
    >
      <iframe
        key={url}
        src={url}
        title={t('sso.externalLinkTitle')}
        style={{ flex: 1, width: '100%', height: '100%', border: 0, background: '#fff' }}
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
