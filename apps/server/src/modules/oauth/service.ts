import { createHash } from 'node:crypto';
import type {
  CurrentUserResult,
  LayoutType,
  MenuItem,
  PermissionEntry,
  UserInfo,
  UserPreferences,
} from '@atrium/shared';
import { passwordHashOf } from '../../core/credentials.ts';
import type { Db } from '../../db/index.ts';
import type { MenuTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppError } from '../../core/errors.ts';
import { fail } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Language } from '../../core/messages.ts';
import { translate } from '../../core/messages.ts';
import { verifyPassword } from '../../core/password.ts';
import type { SignInOutcome } from '../../core/log-text.ts';
import { placeOf } from '../../core/place.ts';
import { createSession, endOtherSessions } from '../../core/session.ts';
import { readSettings, type Settings, type SettingsCache } from '../../core/settings.ts';
import { nameIn } from '../authorize/names.ts';
import type { Authority } from '../../core/authority.ts';
import { consumeCaptcha } from './captcha.ts';

export interface LoginInput {
  account: string;
  password: string;
  code: string;
  timestamp: string;
  ip: string;
  device: string;
  userAgent: string;
}

const LAYOUTS: LayoutType[] = ['classic', 'functional', 'blend', 'plain'];

async function logSignIn(
  db: Db,
  input: LoginInput,
  userId: string | null,
  userName: string,
  outcome: SignInOutcome,
  now: number,
) {
  await db
    .insertInto('sys_log')
    .values({
      id: newId(now),
      category: 1,
      user_id: userId,
      user_name: userName,
      ip: input.ip,
      place: placeOf(input.ip),
      user_agent: input.userAgent.slice(0, 500),
      abstracts: outcome,
      request_url: '/api/oauth/Login',
      request_method: 'POST',
      duration: 0,
      created_at: now,
    })
    .execute();
}

/**
 * Signs a user in. Unknown accounts and wrong passwords answer the same message; failures are
 * counted atomically so that parallel guesses cannot slip past the lockout.
 */
export async function login(
  db: Db,
  input: LoginInput,
  now: number,
): Promise<{ token: string; theme: LayoutType; sessionId: string; endedSessionIds: string[] }> {
  const settings = await readSettings(db);
  if (settings.enableVerificationCode === 1) {
    if (!input.code || !input.timestamp) throw fail('captchaRequired');
    if (!(await consumeCaptcha(db, input.timestamp, input.code, now))) throw fail('captchaWrong');
  }

  const user = await db
    .selectFrom('users')
    .leftJoin('user_credential', 'user_credential.user_id', 'users.id')
    .selectAll('users')
    .select('user_credential.password_hash')
    .where('users.account', '=', input.account)
    .executeTakeFirst();
  const isAdmin = user?.is_administrator === 1 && user.account === 'admin';

  if (user && user.lock_mark === 1 && !isAdmin) {
    if (settings.lockType === 2 && user.unlock_time !== null && user.unlock_time <= now) {
      await db
        .updateTable('users')
        .set({ lock_mark: 0, unlock_time: null, login_error_count: 0 })
        .where('id', '=', user.id)
        .execute();
      user.lock_mark = 0;
      user.login_error_count = 0;
    } else {
      await logSignIn(db, input, user.id, user.real_name, 'locked', now);
      throw lockedError(settings.lockType, user.unlock_time, now);
    }
  }

  const passwordOk = await verifyPassword(user?.password_hash ?? undefined, input.password);
  if (!user || !passwordOk) {
    if (user && !isAdmin) {
      const counted = await db
        .updateTable('users')
        .set((eb) => ({ login_error_count: eb('login_error_count', '+', 1) }))
        .where('id', '=', user.id)
        .returning('login_error_count')
        .executeTakeFirstOrThrow();
      if (counted.login_error_count >= settings.passwordErrorsNumber) {
        const unlockTime = settings.lockType === 2 ? now + settings.lockTime * 60_000 : null;
        await db
          .updateTable('users')
          .set({ lock_mark: 1, unlock_time: unlockTime })
          .where('id', '=', user.id)
          .execute();
        await logSignIn(db, input, user.id, user.real_name, 'locked', now);
        throw lockedError(settings.lockType, unlockTime, now);
      }
    }
    await logSignIn(db, input, user?.id ?? null, user?.real_name ?? input.account, 'bad-credentials', now);
    throw fail('badCredentials');
  }
  if (user.enabled !== 1) {
    await logSignIn(db, input, user.id, user.real_name, 'disabled', now);
    throw fail('accountDisabled');
  }

  const result = await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({
        login_error_count: 0,
        prev_login_time: user.last_login_time,
        prev_login_ip: user.last_login_ip,
        prev_login_place: user.last_login_place,
        last_login_time: now,
        last_login_ip: input.ip,
        last_login_place: placeOf(input.ip),
      })
      .where('id', '=', user.id)
      .execute();
    const session = await createSession(trx, {
      userId: user.id,
      ip: input.ip,
      device: input.device,
      timeoutMinutes: settings.tokenTimeout,
      now,
    });
    const endedSessionIds =
      settings.singleLogin === 1
        ? await endOtherSessions(trx, { userId: user.id, device: input.device, keepId: session.sessionId, now })
        : [];
    return { ...session, endedSessionIds };
  });
  await logSignIn(db, input, user.id, user.real_name, 'success', now);
  const theme = (LAYOUTS as string[]).includes(user.theme) ? (user.theme as LayoutType) : 'blend';
  return { token: result.token, sessionId: result.sessionId, theme, endedSessionIds: result.endedSessionIds };
}

function lockedError(lockType: number, unlockTime: number | null, now: number): AppError {
  if (lockType === 2 && unlockTime !== null) {
    return fail('accountLockedFor', { minutes: Math.max(1, Math.ceil((unlockTime - now) / 60_000)) });
  }
  return fail('accountLocked');
}

/** Checks the password of the session's own user; the lock screen is cleared only on a match. */
export async function checkOwnPassword(db: Db, userId: string, account: string, password: string): Promise<boolean> {
  const user = await db.selectFrom('users').select(['account']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.account !== account) {
    await verifyPassword(undefined, password);
    return false;
  }
  return verifyPassword(await passwordHashOf(db, userId), password);
}

function parsePreferences(text: string): UserPreferences {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as UserPreferences) : {};
  } catch {
    return {};
  }
}

function toMenuItem(m: MenuTable, language: Language): MenuItem {
  return {
    id: m.id,
    parentId: m.parent_id,
    fullName: nameIn(m, language),
    enCode: m.en_code,
    icon: m.icon,
    urlAddress: m.url_address,
    linkTarget: m.link_target === '_blank' ? '_blank' : '_self',
    type: m.type as MenuItem['type'],
    propertyJson: m.property_json,
    sortCode: m.sort_code,
    hasChildren: false,
    children: [],
  };
}

/** Builds the menu tree; an entry whose parent is not granted is dropped with its branch. */
export function menuTree(menus: MenuTable[], language: Language, rootId = '-1'): MenuItem[] {
  const items = new Map(menus.map((m) => [m.id, toMenuItem(m, language)]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.parentId === rootId) roots.push(item);
    else items.get(item.parentId)?.children.push(item);
  }
  for (const item of items.values()) item.hasChildren = item.children.length > 0;
  return roots;
}

const pickItems = (rows: { id: string; full_name: string; en_code: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code }));

interface MenuViews {
  menuList: MenuItem[];
  routerList: MenuItem[];
  permissionList: PermissionEntry[];
  /**
   * The CurrentUser envelope up to and including the three lists, as UTF-8 bytes: serialised and
   * encoded once with the trees, it is most of the body, so a request encodes only its own tail.
   */
  head: Buffer;
}

// The trees depend only on the cached authority (same menus array while nothing changed), the
// current system and the language of the names, so they are built once per change rather than once
// per request.
const menuViewCache = new WeakMap<MenuTable[], Map<string, MenuViews>>();

function menuViews(authority: Authority, currentSystemId: string | undefined, language: Language): MenuViews {
  let perSystem = menuViewCache.get(authority.menus);
  if (!perSystem) menuViewCache.set(authority.menus, (perSystem = new Map()));
  const key = `${language}|${currentSystemId ?? ''}`;
  const hit = perSystem.get(key);
  if (hit) return hit;
  const menuList = currentSystemId
    ? menuTree(
        authority.menus.filter((m) => m.system_id === currentSystemId),
        language,
      )
    : [];
  const routerList: MenuItem[] = authority.systems.map((s) => {
    const children = menuTree(
      authority.menus.filter((m) => m.system_id === s.id),
      language,
    );
    return {
      id: s.id,
      parentId: '-1',
      fullName: nameIn(s, language),
      enCode: s.en_code,
      icon: s.icon,
      urlAddress: '',
      linkTarget: '_self',
      type: 0,
      propertyJson: '{}',
      sortCode: s.sort_code,
      hasChildren: children.length > 0,
      children,
    };
  });
  const permissionList: PermissionEntry[] = authority.menus.map((m) => {
    const elements = authority.elements.get(m.id) ?? [];
    return {
      modelId: m.id,
      moduleName: nameIn(m, language),
      button: pickItems(elements.filter((e) => e.kind === 'button')),
      column: pickItems(elements.filter((e) => e.kind === 'column')),
      form: pickItems(elements.filter((e) => e.kind === 'form')),
      resource: pickItems(authority.resources.get(m.id)),
    };
  });
  const head = Buffer.from(
    `{"code":200,"msg":"Success","data":{"menuList":${JSON.stringify(menuList)},"routerList":${JSON.stringify(routerList)},"permissionList":${JSON.stringify(permissionList)}`,
  );
  const views = { menuList, routerList, permissionList, head };
  perSystem.set(key, views);
  return views;
}

/** A CurrentUser answer with its strong validator. */
export interface CurrentUserBody {
  body: Buffer;
  /** Quoted digest of the bytes: equal bytes, equal tag, whichever instance made them. */
  etag: string;
}

interface KeptBody extends CurrentUserBody {
  language: Language;
  locked: boolean;
  settings: Settings;
}

// The authority service hands out the same answer object while the user's row and grants stay as
// they were; with the same language, lock state and settings the body is then byte for byte the last one.
const keptBodies = new WeakMap<Authority, KeptBody>();

/** The CurrentUser envelope as JSON bytes: the cached menu part, then the user and system config. */
export async function currentUserBody(
  settingsCache: SettingsCache,
  authority: Authority,
  language: Language,
  session: { locked: boolean },
): Promise<CurrentUserBody> {
  const settings = await settingsCache.get(authority.revisions.settings);
  const kept = keptBodies.get(authority);
  if (kept && kept.language === language && kept.locked === session.locked && kept.settings === settings) return kept;
  const { views, userInfo } = currentUserParts(authority, language, session);
  const tail = Buffer.from(`,"userInfo":${JSON.stringify(userInfo)},"sysConfigInfo":${sysConfigInfoOf(settings)}}}`);
  const body = Buffer.concat([views.head, tail], views.head.length + tail.length);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const made = { language, locked: session.locked, settings, body, etag };
  keptBodies.set(authority, made);
  return made;
}

const placeKeys = { local: 'placeLocal', lan: 'placeLan' } as const;

function placeName(language: Language, key: string | null): string {
  return key ? translate(language, placeKeys[key as keyof typeof placeKeys] ?? 'placeUnknown') : '';
}

function sysConfigInfoOf(settings: Settings): string {
  const info: CurrentUserResult['sysConfigInfo'] = {
    title: settings.title,
    sysName: settings.sysName,
    sysVersion: settings.sysVersion,
    logoIcon: settings.logoIcon,
    loginIcon: settings.loginIcon,
    navigationIcon: settings.navigationIcon,
    copyright: settings.copyright,
    companyName: settings.companyName,
  };
  return JSON.stringify(info);
}

function currentUserParts(
  authority: Authority,
  language: Language,
  session: { locked: boolean },
): { views: MenuViews; userInfo: UserInfo } {
  const { user } = authority;
  const current = authority.systems.find((s) => s.id === user.system_id) ?? authority.systems[0];

  const views = menuViews(authority, current?.id, language);

  const { names } = authority;
  const department = user.organize_id ? names.organizes.get(user.organize_id) : undefined;
  const companyId = department?.tree.split(',')[0];
  const company = companyId ? names.organizes.get(companyId) : undefined;
  const majorPositionId =
    user.position_id && names.positions.has(user.position_id) ? user.position_id : authority.positionIds[0];
  const roles = names.roles;

  const userInfo: UserInfo = {
    userId: user.id,
    userAccount: user.account,
    userName: user.real_name,
    headIcon: user.head_icon,
    gender: user.gender,
    organizeId: companyId ?? '',
    organizeName: company?.fullName ?? '',
    departmentId: department ? user.organize_id! : '',
    departmentName: department?.fullName ?? '',
    positionId: majorPositionId ?? '',
    positionName: majorPositionId ? (names.positions.get(majorPositionId) ?? '') : '',
    positionIds: authority.positionIds.map((id) => ({ id, name: names.positions.get(id) ?? '' })),
    roleIds: roles.map((r) => r.id),
    roleName: roles.map((r) => r.fullName).join(','),
    groupIds: authority.groupIds,
    managerId: user.manager_id,
    mobilePhone: user.mobile_phone,
    email: user.email,
    isAdministrator: user.is_administrator === 1,
    portalId: '',
    systemId: current?.id ?? '',
    systemIds: authority.systems.map((s) => ({
      id: s.id,
      name: nameIn(s, language),
      icon: s.icon,
      currentSystem: s.id === current?.id,
    })),
    signImg: '',
    prevLogin: user.prev_login_time ? 1 : 0,
    prevLoginTime: user.prev_login_time,
    prevLoginIPAddress: user.prev_login_ip ?? '',
    prevLoginIPAddressName: placeName(language, user.prev_login_place),
    loginTime: user.last_login_time,
    loginIPAddress: user.last_login_ip ?? '',
    theme: (LAYOUTS as string[]).includes(user.theme) ? (user.theme as LayoutType) : 'blend',
    language: user.language,
    locked: session.locked,
    preferences: parsePreferences(user.preferences),
  };
  return { views, userInfo };
}
