import { ok } from '../../core/http.ts';
import { signedIn } from '../../core/access.ts';
import { fail } from '../../core/errors.ts';
import { localizedFrame } from '../../core/push.ts';
import { deleteSession, setSessionLocked } from '../../core/session.ts';
import { readSettings } from '../../core/settings.ts';
import type { App, Services } from '../../core/types.ts';
import { drawCaptcha, issueCaptcha } from './captcha.ts';
import { fileReply, replies } from '../../core/response-schema.ts';
import {
  accountParams,
  captchaParams,
  lockScreenBody,
  loginBody,
  loginConfig,
  loginQuery,
  loginResult,
  ticketBody,
  ticketResult,
} from './schema.ts';
import { issueTicket, ticketLogin } from './ticket.ts';
import { checkOwnPassword, currentUserBody, login } from './service.ts';
import { z } from 'zod';
import { currentUserResult } from './current-user-schema.ts';
import { matchesEtag } from '../../core/etag.ts';
import { encodedOnce, preferredCoding } from '../../core/content-coding.ts';

/** What besides the URL decides the answer: whose token, and which language the names are in. */
const VARY = 'authorization, accept-language, accept-encoding';

export async function oauthRoutes(app: App, { db, now, config, settings, push }: Services) {
  app.post(
    '/api/oauth/Login',
    {
      schema: {
        body: loginBody,
        querystring: loginQuery,
        tags: ['oauth'],
        summary: 'Sign in with account and md5 password',
        response: replies(loginResult),
      },
      config: {
        access: 'public',
        rateLimit: {
          max: config.loginRateMax,
          timeWindow: config.loginRateWindowMs,
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}|${String((request.body as { account?: unknown })?.account ?? '')}`,
        },
      },
    },
    async (request) => {
      const origin = request.headers['jnpf-origin'] ?? request.headers.origin;
      const device = origin === 'app' ? 'app' : 'pc';
      const result = await login(
        db,
        {
          account: request.body.account,
          password: request.body.password,
          code: request.body.code,
          timestamp: request.body.timestamp,
          ip: request.ip,
          device,
          userAgent: request.headers['user-agent'] ?? '',
        },
        now(),
      );
      // Single login: the sessions this sign-in ended hear it on their sockets (and get 601 from now on).
      if (result.endedSessionIds.length > 0)
        await push.toSessions(result.endedSessionIds, localizedFrame('logout', 'loggedInElsewhere'));
      return ok({ token: result.token, theme: result.theme }, request.t('loginSuccess'));
    },
  );

  app.get(
    '/api/oauth/CurrentUser',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Menus, permissions, user info and system config of the caller',
        description: 'Answers with a strong ETag; a request whose If-None-Match names it gets 304 and no body.',
        response: {
          ...replies(currentUserResult),
          304: z.null().describe('unchanged: the answer is still the one the If-None-Match tag names'),
        },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const { authority, session } = signedIn(request);
      const answer = await currentUserBody(settings, authority, request.language, session);
      // The answer is the caller's own: a browser may keep it but must ask again each time.
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', VARY);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
      // Ready JSON bytes, which Fastify sends as they are (the schema documents them). The admin's
      // answer runs to tens of kilobytes, so it goes compressed when the client accepts it; the
      // compressed copy is made once per kept answer, not per request.
      reply.type('application/json; charset=utf-8');
      const coding = preferredCoding(request.headers['accept-encoding']);
      if (!coding) return reply.send(answer.body as never);
      return reply.header('content-encoding', coding).send(encodedOnce(answer.body, coding) as never);
    },
  );

  app.get(
    '/api/oauth/Logout',
    {
      schema: { tags: ['oauth'], summary: 'End the current session', response: replies() },
      config: { access: 'user' },
    },
    async (request) => {
      const { session } = signedIn(request);
      await deleteSession(db, session.id);
      // Other tabs of this session are signed out with it; they are the caller's own, so the
      // caller's language is theirs.
      await push.toSessions([session.id], { method: 'logout', msg: request.t('sessionSignedOut') });
      return ok(undefined, request.t('logoutSuccess'));
    },
  );

  app.post(
    '/api/oauth/LockScreen',
    {
      schema: {
        body: lockScreenBody,
        tags: ['oauth'],
        summary: 'Unlock the screen by re-entering the password',
        response: replies(),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { session } = signedIn(request);
      if (!(await checkOwnPassword(db, session.userId, request.body.account, request.body.password))) {
        throw fail('passwordWrong');
      }
      await setSessionLocked(db, session.id, false);
      return ok(undefined, request.t('unlockSuccess'));
    },
  );

  app.put(
    '/api/oauth/LockScreen',
    {
      schema: { tags: ['oauth'], summary: 'Lock the screen of the current session', response: replies() },
      config: { access: 'user' },
    },
    async (request) => {
      await setSessionLocked(db, signedIn(request).session.id, true);
      return ok();
    },
  );

  app.post(
    '/api/oauth/Ticket',
    {
      schema: {
        tags: ['oauth'],
        summary: 'One-time ticket (60 s) to open Atrium in a new window without the token in a URL',
        response: replies(ticketResult),
      },
      config: { access: 'user' },
    },
    async (request) => ok({ ticket: await issueTicket(db, signedIn(request).session.userId, now()) }),
  );

  app.post(
    '/api/oauth/TicketLogin',
    {
      schema: {
        body: ticketBody,
        tags: ['oauth'],
        summary: 'Exchange a one-time ticket for a session',
        response: replies(loginResult),
      },
      config: { access: 'public' },
    },
    async (request) => {
      const result = await ticketLogin(db, request.body.ticket, { ip: request.ip, device: 'pc' }, now());
      return ok(result, request.t('loginSuccess'));
    },
  );

  app.get(
    '/api/oauth/getConfig/:account',
    {
      schema: {
        params: accountParams,
        tags: ['oauth'],
        summary: 'Sign-in options for an account',
        response: replies(loginConfig),
      },
      config: { access: 'public' },
    },
    async () => {
      const current = await readSettings(db);
      return ok({
        enableVerificationCode: current.enableVerificationCode === 1,
        verificationCodeNumber: current.verificationCodeNumber,
      });
    },
  );

  app.get(
    '/api/oauth/ImageCode/:length/:timestamp',
    {
      schema: {
        params: captchaParams,
        tags: ['oauth'],
        summary: 'Captcha image (SVG), valid for 300 s',
        response: fileReply('image/svg+xml', 'the captcha image'),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const code = await issueCaptcha(db, request.params.timestamp, request.params.length, now());
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(drawCaptcha(code));
    },
  );
}
