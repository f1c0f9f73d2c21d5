import type { Db } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';
import { bumpRevision } from './revisions.ts';

/**
 * System settings kept in sys_config, read on use so that a change made on any instance takes
 * effect at once, without a restart.
 */
export const DEFAULT_SETTINGS = {
  title: 'Atrium',
  sysName: 'Atrium',
  sysVersion: '0.1.0',
  logoIcon: '',
  loginIcon: '',
  navigationIcon: '',
  copyright: 'Copyright © 2026 Atrium contributors',
  companyName: '示范科技有限公司',
  /** Minutes of inactivity after which a session expires. */
  tokenTimeout: 720,
  /** 1: a new sign-in ends the user's other sessions on the same kind of device; 2: several allowed. */
  singleLogin: 2,
  passwordErrorsNumber: 5,
  /** 1: locked until an administrator unlocks; 2: locked for lockTime minutes. */
  lockType: 1,
  lockTime: 10,
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  /** Largest file an upload may carry, in MB (each upload route may also have a smaller cap of its own). */
  uploadMaxSize: 100,
  /** Extensions an upload may have, lower case, comma-separated. */
  uploadExtensions: 'jpg,jpeg,png,gif,webp,bmp,pdf,txt,doc,docx,xls,xlsx,ppt,pptx,zip,rar,7z,mp3,mp4',
  /** Hosts that HTTP data interfaces may call, one per line or comma-separated; empty allows none. */
  dataInterfaceHosts: '',
};

export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;

export async function readSettings(db: Db | Tx): Promise<Settings> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).execute();
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const target = settings as Record<string, string | number>;
  for (const { key, value } of rows) {
    if (!(key in DEFAULT_SETTINGS)) continue;
    const fallback = DEFAULT_SETTINGS[key as SettingKey];
    target[key] = typeof fallback === 'number' ? Number(value) : value;
  }
  return settings;
}

export async function writeSettings(db: Db | Tx, values: Partial<Settings>, now = Date.now()): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('sys_config')
      .values({ key, value: String(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(value), updated_at: now }))
      .execute();
  }
  await bumpRevision(db, 'settings');
}

/** The settings as of a settings revision: read once per change instead of once per request. */
export function createSettingsCache(db: Db) {
  let cached: { revision: number; settings: Promise<Settings> } | undefined;
  return {
    get(revision: number): Promise<Settings> {
      if (cached?.revision !== revision) {
        const settings = readSettings(db);
        cached = { revision, settings };
        settings.catch(() => (cached = undefined));
      }
      return cached.settings;
    },
  };
}

export type SettingsCache = ReturnType<typeof createSettingsCache>;

/** What uploads may be, from the settings: checked by every upload route before a file is kept. */
export interface UploadLimits {
  maxBytes: number;
  extensions: ReadonlySet<string>;
}

export function uploadLimits(settings: Pick<Settings, 'uploadMaxSize' | 'uploadExtensions'>): UploadLimits {
  const extensions = settings.uploadExtensions
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return { maxBytes: settings.uploadMaxSize * 1024 * 1024, extensions: new Set(extensions) };
}
