import { CheckOutlined } from '@ant-design/icons';
import type { LayoutType } from '@atrium/shared';
import { Divider, Drawer, Switch } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveThemeSoon } from '../../app/preferences-api.ts';
import { THEME_COLOR_HEX } from '../../app/theme.ts';
import {
  LAYOUT_TYPES,
  SLIDE_CLASSES,
  THEME_COLORS,
  useSettingsStore,
  type ShellSettings,
  type SlideClass,
  type ThemeColor,
} from '../../stores/settings.ts';
import { LayoutPreview } from './layout-preview.tsx';
import styles from './settings-drawer.module.css';

/** Drawers are 280 px wide. */
export const SETTINGS_DRAWER_WIDTH = 280;

const SWITCHES = [
  'tagsView',
  'tagsIcon',
  'showLanguage',
  'showSearch',
  'useCache',
] as const satisfies readonly (keyof ShellSettings)[];

function change(patch: Partial<ShellSettings>): void {
  useSettingsStore.getState().updateSettings(patch);
  saveThemeSoon();
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <span>{label}</span>
      {children}
    </div>
  );
}

/** The settings panel, saved locally and with the user on the server. */
export default function SettingsDrawer() {
  const { t } = useTranslation();
  const open = useSettingsStore((s) => s.settingsOpen);
  const setOpen = useSettingsStore((s) => s.setSettingsOpen);
  const layoutType = useSettingsStore((s) => s.layoutType);
  const slideClass = useSettingsStore((s) => s.slideClass);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const darkMode = useSettingsStore((s) => s.darkMode);
  const switches = useSettingsStore((s) => s);
  // The colour under the pointer or keyboard focus, named beside the label: a tooltip over the
  // swatches covered the headings and stayed up when the drawer closed under the pointer.
  const [pointed, setPointed] = useState<ThemeColor | null>(null);

  // A layout change remounts the shell around the drawer and focus leaves it, so the drawer's own
  // Escape handling (on its panel) no longer hears the key: listen on the window while open.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  return (
    <Drawer
      open={open}
      onClose={() => setOpen(false)}
      size={SETTINGS_DRAWER_WIDTH}
      title={t('settings.title')}
      placement="right"
      styles={{ body: { padding: 16 } }}
    >
      <div data-testid="settings-drawer">
        <Divider titlePlacement="center" className={styles.divider}>
          {t('settings.navigationMode')}
        </Divider>
        <div className={styles.layouts} role="radiogroup" aria-label={t('settings.navigationMode')}>
          {LAYOUT_TYPES.map((type: LayoutType) => (
            // Each option shows its name under the preview: no tooltip needed.
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={layoutType === type}
              data-testid={`layout-option-${type}`}
              className={[styles.layoutOption, layoutType === type ? styles.selected : ''].join(' ')}
              onClick={() => change({ layoutType: type })}
            >
              <LayoutPreview type={type} />
              <span className={styles.layoutName}>{t(`settings.layouts.${type}`)}</span>
            </button>
          ))}
        </div>

        <Divider titlePlacement="center" className={styles.divider}>
          {t('settings.appearance')}
        </Divider>
        <Row label={t('settings.darkMode')}>
          <Switch data-testid="dark-mode-switch" checked={darkMode} onChange={(value) => change({ darkMode: value })} />
        </Row>
        <Row label={t('settings.sideMenu')}>
          <span className={styles.segment}>
            {SLIDE_CLASSES.map((value: SlideClass) => (
              <button
                key={value}
                type="button"
                data-testid={`slide-${value}`}
                aria-pressed={slideClass === value}
                className={[styles.segmentItem, slideClass === value ? styles.segmentActive : ''].join(' ')}
                onClick={() => change({ slideClass: value })}
              >
                {t(`settings.slide.${value}`)}
              </button>
            ))}
          </span>
        </Row>
        <div className={styles.label} data-testid="theme-color-label">
          {t('settings.themeColor')}
          <span className={styles.colorName}>{t(`settings.colors.${pointed ?? themeColor}`)}</span>
        </div>
        <div
          className={styles.colors}
          role="radiogroup"
          aria-label={t('settings.themeColor')}
          onMouseLeave={() => setPointed(null)}
        >
          {THEME_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={themeColor === color}
              aria-label={t(`settings.colors.${color}`)}
              data-testid={`theme-color-${color}`}
              className={styles.color}
              style={{ background: THEME_COLOR_HEX[color] }}
              onClick={() => change({ themeColor: color })}
              onMouseEnter={() => setPointed(color)}
              onFocus={() => setPointed(color)}
              onBlur={() => setPointed(null)}
            >
              {themeColor === color && <CheckOutlined />}
            </button>
          ))}
        </div>

        <Divider titlePlacement="center" className={styles.divider}>
          {t('settings.interface')}
        </Divider>
        {SWITCHES.map((key) => (
          <Row key={key} label={t(`settings.switches.${key}`)}>
            <Switch
              data-testid={`setting-${key}`}
              checked={switches[key]}
              onChange={(value) => change({ [key]: value })}
            />
          </Row>
        ))}
      </div>
    </Drawer>
  );
}
