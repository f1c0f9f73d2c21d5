import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Toggles the browser's full screen; follows Esc and F11 exits through the fullscreenchange event. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);

  useEffect(() => {
    const update = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;

  function toggle() {
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused (no user gesture, policy): nothing to undo, the button keeps its state.
    done?.catch(() => undefined);
  }

  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        data-testid="fullscreen-button"
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
