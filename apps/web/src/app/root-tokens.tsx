import { theme } from 'antd';
import { useEffect } from 'react';

/**
 * The theme tokens that the app's own CSS reads, as `--ant-*` variables on the document root. antd
 * scopes its variables to its components; screens drawn with plain elements (the sign-in page, the
 * home page, the chat) follow the theme colour, dark mode and font through these.
 */
const TOKENS = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryBg',
  'colorPrimaryBorder',
  'colorBgContainer',
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextQuaternary',
  'colorTextPlaceholder',
  'colorBorder',
  'colorBorderSecondary',
  'colorFillTertiary',
  'colorFillQuaternary',
  'colorError',
  'colorErrorBg',
  'colorErrorBorder',
  'colorErrorOutline',
  'colorWarning',
  'controlOutline',
  'borderRadiusLG',
  'fontFamily',
] as const;

const cssName = (token: string) => `--ant-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function RootTokens() {
  const { token } = theme.useToken();
  useEffect(() => {
    const style = document.documentElement.style;
    for (const name of TOKENS) {
      const value = token[name];
      style.setProperty(cssName(name), typeof value === 'number' ? `${value}px` : String(value));
    }
  }, [token]);
  return null;
}
