/**
 * Typed web storage: keys carry a fixed product prefix and values carry a type
 * suffix, so a value written by another product or an older format on the same origin reads as null
 * instead of being misread.
 *
 * Format: key `ATRIUM__<NAME upper-case>`, value `JSON.stringify(value) + '__' + type` with type one of
 * string | number | boolean | object (null and arrays count as object).
 */

export const STORAGE_PREFIX = 'ATRIUM__';

export type StoredType = 'string' | 'number' | 'boolean' | 'object';
export type StorableValue = string | number | boolean | object | null;

const TYPES: readonly StoredType[] = ['string', 'number', 'boolean', 'object'];
const SEPARATOR = '__';

export function storageKey(name: string): string {
  return STORAGE_PREFIX + name.toUpperCase();
}

function typeOf(value: StorableValue): StoredType {
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

export function encodeValue(value: StorableValue): string {
  return JSON.stringify(value) + SEPARATOR + typeOf(value);
}

export function decodeValue(raw: string | null): StorableValue {
  if (raw === null) return null;
  const at = raw.lastIndexOf(SEPARATOR);
  if (at < 0) return null;
  const suffix = raw.slice(at + SEPARATOR.length) as StoredType;
  if (!TYPES.includes(suffix)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.slice(0, at));
  } catch {
    return null;
  }
  return typeOf(parsed as StorableValue) === suffix ? (parsed as StorableValue) : null;
}

export interface TypedStorage {
  get<T extends StorableValue = StorableValue>(name: string): T | null;
  set(name: string, value: StorableValue): void;
  remove(name: string): void;
}

/** Wraps a Web Storage; a missing or throwing storage (private mode, quota) degrades to no-ops. */
export function createTypedStorage(backend: () => Storage | undefined): TypedStorage {
  return {
    get<T extends StorableValue>(name: string): T | null {
      try {
        return decodeValue(backend()?.getItem(storageKey(name)) ?? null) as T | null;
      } catch {
        return null;
      }
    },
    set(name, value) {
      try {
        backend()?.setItem(storageKey(name), encodeValue(value));
      } catch {
        // Quota or disabled storage: the in-memory store still holds the value for this page.
      }
    },
    remove(name) {
      try {
        backend()?.removeItem(storageKey(name));
      } catch {
        // See set().
      }
    },
  };
}

const browser = globalThis as { localStorage?: Storage; sessionStorage?: Storage };

export const local = createTypedStorage(() => browser.localStorage);
export const session = createTypedStorage(() => browser.sessionStorage);

/** Names of the stored entries, in one place so that nothing else spells a key. */
export const StorageName = {
  token: 'token',
  lock: 'lock',
  size: 'size',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  layoutSettings: 'layoutSettings',
  /** Page open when the screen locked (session storage). */
  lockReturn: 'lockReturn',
  /** The demo-data notice was dismissed in this session (session storage). */
  demoNotice: 'demoNotice',
} as const;
