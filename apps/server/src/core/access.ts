import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { SessionTable } from '../db/schema.ts';
import { createRowMemo, type TableChanges } from '../db/table-changes.ts';
import type { Authority, AuthorityService } from './authority.ts';
import { AppError, forbidden } from './errors.ts';
import { pickLanguage } from './messages.ts';
import { readSettings } from './settings.ts';
import { resolveSession, type SessionInfo } from './session.ts';
import { applyScope, type ScopeDeclaration, type ScopeFilter } from './data-scope.ts';
import { resolveFieldGrants, withoutHiddenFields } from './field-grants.ts';

/** Sessions kept in memory between writes; more signed-in users than this only read more often. */
const SESSION_ROWS_KEPT = 10_000;

/**
 * What a route needs: 'public' (anyone), 'user' (any signed-in user), or a permission code
 * `menuEnCode` / `menuEnCode:buttonEnCode` that the caller must hold. The code may be a function of
 * the request for resources known only at run time (an online form's menu, found by `:modelId`);
 * several codes (or a function naming several) mean the caller must hold one of them (a record is
 * opened by the edit button or the detail button).
 */
export type Access =
  | 'public'
  | 'user'
  | {
      permission:
        | string
        | readonly string[]
        | ((request: FastifyRequest) => string | readonly string[] | Promise<string | readonly string[]>);
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with what it needs, for audits and the test that calls each one. */
    declaredRoutes: { method: string; url: string; access: Access; scope?: ScopeDeclaration }[];
  }
  interface FastifyRequest {
    session: SessionInfo | null;
    authority: Authority | null;
  }
}

export function signedIn(request: FastifyRequest): { session: SessionInfo; authority: Authority } {
  if (!request.session || !request.authority) throw new AppError(602, 'tokenInvalid');
  return { session: request.session, authority: request.authority };
}

/** Reads the token from the Authorization header; a bare token is accepted as well. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? header.trim() : undefined;
}

/**
 * Every route must say what it needs; one that does not is refused at registration, so a
 * forgotten declaration can never silently expose data.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: {
    db: Db;
    changes: TableChanges | null;
    authority: AuthorityService;
    now: () => number;
    /** Data schemes as a WHERE condition (the authorize module's; core only applies it). */
    scopeFilter: ScopeFilter;
  },
): void {
  // Keyed by the token itself: a request whose session row is unchanged skips hashing and reading.
  // A session lives only as long as its user: deleting the user deletes its sessions (see
  // LOGICAL_CASCADES), so the memo watches `users` as well.
  const sessionRows = createRowMemo<SessionTable>(deps.changes, {
    name: 'access.session',
    tables: ['session', 'users'],
    maxEntries: SESSION_ROWS_KEPT,
  });
  app.decorateRequest('session', null);
  app.decorateRequest('authority', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('fieldGrants', null);
  // Whatever a route answers, columns and form fields the caller lacks never leave the server.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(null, request.fieldGrants ? withoutHiddenFields(payload, request.fieldGrants) : payload);
  });
  const declared: FastifyInstance['declaredRoutes'] = [];
  app.decorate('declaredRoutes', declared);

  app.addHook('onRoute', (route) => {
    const { access, scope } = (route.config ?? {}) as { access?: Access; scope?: ScopeDeclaration };
    // The API lives under /api; the documentation pages and the static web app are public by nature.
    const api = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (api && !access) {
      throw new Error(`route ${route.method} ${route.url} declares no access`);
    }
    if (api && access) {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') declared.push({ method, url: route.url, access, ...(scope ? { scope } : {}) });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const session = await resolveSession(
      deps.db,
      tokenOf(request),
      async () => (await readSettings(deps.db)).tokenTimeout,
      deps.now(),
      sessionRows,
    );
    const authority = await deps.authority.load(session.userId);
    if (!authority || authority.user.enabled !== 1) throw new AppError(602, 'tokenInvalid');
    request.session = session;
    request.authority = authority;
    if (!request.headers['accept-language']) request.language = pickLanguage(authority.user.language);
    if (typeof access === 'object') {
      const permission = typeof access.permission === 'function' ? await access.permission(request) : access.permission;
      if (![permission].flat().some((code) => deps.authority.allows(authority, code))) throw forbidden();
    }
    const scope = request.routeOptions.config.scope;
    if (scope) await applyScope(deps.db, deps.scopeFilter, request, authority, scope);
    const fields = request.routeOptions.config.fields;
    if (fields) request.fieldGrants = await resolveFieldGrants(deps.db, request, authority, fields);
  });
}
