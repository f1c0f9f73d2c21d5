import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardState } from './guard.ts';

const known = new Set(['/', '/home', '/login', '/404', '/system/user']);

function state(overrides: Partial<GuardState> = {}): GuardState {
  return {
    token: 'Bearer abc',
    locked: false,
    loaded: true,
    firstMenuPath: '/home',
    isKnownPath: (p) => known.has(p),
    ...overrides,
  };
}

describe('decideNavigation without a token', () => {
  const anonymous = state({ token: null, loaded: false });

  it.each(['/login', '/auth-redirect', '/sso', '/login?redirect=%2Fhome'])('S1-2.3-03 opens %s', (path) => {
    expect(decideNavigation(anonymous, path)).toEqual({ proceed: true });
  });

  it('S1-2.3-04 sends anything else to /login with the wanted path and query encoded', () => {
    expect(decideNavigation(anonymous, '/system/user?page=2&k=a b')).toEqual({
      redirect: '/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2%26k%3Da%20b',
    });
    expect(decideNavigation(anonymous, '/home')).toEqual({ redirect: '/login?redirect=%2Fhome' });
    expect(decideNavigation(anonymous, '/')).toEqual({ redirect: '/home' });
    expect(decideNavigation(anonymous, '/home')).toEqual({ redirect: '/login?redirect=%2Fhome' });
    expect(decideNavigation(anonymous, '/lockScreen')).toEqual({ redirect: '/login?redirect=%2FlockScreen' });
  });
});

describe('decideNavigation with a token', () => {
  it('S1-2.3-05 sends everything to /lockScreen while locked, except /lockScreen and /login', () => {
    const locked = state({ locked: true });
    expect(decideNavigation(locked, '/home')).toEqual({ redirect: '/lockScreen' });
    expect(decideNavigation(locked, '/system/user')).toEqual({ redirect: '/lockScreen' });
    expect(decideNavigation(locked, '/lockScreen')).toEqual({ proceed: true });
    // /login then goes to / which comes back to the lock screen.
    expect(decideNavigation(locked, '/login')).toEqual({ redirect: '/' });
    expect(decideNavigation(locked, '/')).toEqual({ redirect: '/home' });
    expect(decideNavigation(locked, '/home')).toEqual({ redirect: '/lockScreen' });
  });

  it('S1-2.3-06 turns /login into /', () => {
    expect(decideNavigation(state(), '/login')).toEqual({ redirect: '/' });
    expect(decideNavigation(state({ loaded: false }), '/login?redirect=%2Fhome')).toEqual({ redirect: '/' });
  });

  it('S1-2.1-01 turns / into /home', () => {
    expect(decideNavigation(state(), '/')).toEqual({ redirect: '/home' });
    expect(decideNavigation(state({ loaded: false }), '/')).toEqual({ redirect: '/home' });
  });

  it('S1-2.3-08 loads the current user when the menu is not loaded', () => {
    expect(decideNavigation(state({ loaded: false }), '/home')).toEqual({ load: true });
    expect(decideNavigation(state({ loaded: false }), '/system/user?x=1')).toEqual({ load: true });
    // Unknown paths are judged only once the menu routes exist.
    expect(decideNavigation(state({ loaded: false }), '/nowhere')).toEqual({ load: true });
  });

  it('S1-2.3-07 sends /home to the first child of the first menu when that differs', () => {
    expect(decideNavigation(state({ firstMenuPath: '/system/user' }), '/home')).toEqual({ redirect: '/system/user' });
    expect(decideNavigation(state({ firstMenuPath: '/home' }), '/home')).toEqual({ proceed: true });
    expect(decideNavigation(state({ firstMenuPath: null }), '/home')).toEqual({ proceed: true });
  });

  it('proceeds on known paths', () => {
    expect(decideNavigation(state(), '/system/user?page=3')).toEqual({ proceed: true });
    expect(decideNavigation(state(), '/system/user/')).toEqual({ proceed: true });
    expect(decideNavigation(state(), '/404')).toEqual({ proceed: true });
  });

  it('S1-2.1-19 sends unknown paths to /404', () => {
    expect(decideNavigation(state(), '/nowhere')).toEqual({ redirect: '/404' });
    expect(decideNavigation(state(), '/system/user/extra')).toEqual({ redirect: '/404' });
  });
});

describe('decideNavigation for /workFlowDetail', () => {
  it('S1-2.3-10 replaces a different stored token with the link token and repeats', () => {
    const path = '/workFlowDetail?config=abc&token=Bearer%20other';
    expect(decideNavigation(state(), path)).toEqual({ redirect: path, setToken: 'Bearer other' });
  });

  it('does the same without a stored token', () => {
    const path = '/workFlowDetail?token=Bearer%20x';
    expect(decideNavigation(state({ token: null, loaded: false }), path)).toEqual({
      redirect: path,
      setToken: 'Bearer x',
    });
  });

  it('goes on when the link token is the stored one', () => {
    const path = '/workFlowDetail?token=Bearer%20abc';
    expect(decideNavigation(state({ loaded: false }), path)).toEqual({ load: true });
  });

  it('ignores a token parameter on other paths', () => {
    expect(decideNavigation(state({ token: null }), '/home?token=Bearer%20x')).toEqual({
      redirect: '/login?redirect=%2Fhome%3Ftoken%3DBearer%2520x',
    });
  });
});
