import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userInfo } from '../test/fixtures.ts';
import {
  DEFAULT_SETTINGS,
  readStoredSettings,
  sanitizeSettings,
  SETTINGS_VERSION,
  useSettingsStore,
} from './settings.ts';

const KEY = 'ATRIUM__LAYOUTSETTINGS';
const stored = () => JSON.parse(localStorage.getItem(KEY)!.replace(/__object$/, ''));

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    useSettingsStore.setState({ ...DEFAULT_SETTINGS, language: 'en-US' });
  });

  it('S1-3-07 S1-3-08 S1-3-19 has the default settings', () => {
    expect(readStoredSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      layoutType: 'blend',
      themeColor: 'blue',
      slideClass: 'dark',
      useCache: true,
    });
  });

  it('persists changes as one versioned object', () => {
    useSettingsStore.getState().updateSettings({ layoutType: 'plain', darkMode: true, themeColor: 'green' });
    expect(stored()).toMatchObject({
      version: SETTINGS_VERSION,
      layoutType: 'plain',
      darkMode: true,
      themeColor: 'green',
    });
    expect(readStoredSettings()).toMatchObject({ layoutType: 'plain', darkMode: true, themeColor: 'green' });
  });

  it('migrates the version 1 object (layout only) and drops unknown versions', () => {
    localStorage.setItem(KEY, '{"version":1,"layoutType":"functional"}__object');
    expect(readStoredSettings()).toEqual({ ...DEFAULT_SETTINGS, layoutType: 'functional' });
    localStorage.setItem(KEY, '{"version":99,"layoutType":"functional"}__object');
    expect(readStoredSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps only well-typed fields', () => {
    expect(
      sanitizeSettings({ layoutType: 'weird', themeColor: 'red', tagsView: 'yes', darkMode: false, x: 1 }),
    ).toEqual({
      themeColor: 'red',
      darkMode: false,
    });
    expect(sanitizeSettings(null)).toEqual({});
  });

  it('applies the layout, preferences and language saved with the user', async () => {
    await useSettingsStore
      .getState()
      .applyUserPreferences(
        userInfo({ theme: 'classic', language: 'zh-TW', preferences: { themeColor: 'purple', tagsView: false } }),
      );
    const state = useSettingsStore.getState();
    expect(state).toMatchObject({ layoutType: 'classic', themeColor: 'purple', tagsView: false, language: 'zh-TW' });
    expect(stored()).toMatchObject({ layoutType: 'classic', themeColor: 'purple', tagsView: false });
  });
});
