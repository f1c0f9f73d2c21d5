import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch, mockNavigator } from '../test/helpers.ts';
import { LiveSocket, type SocketLike } from './live-socket.ts';
import { linkLiveSocket, pageLoad, socketUrl } from './session-link.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  frame(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const currentUser = (buttons: string[]) =>
  envelope({
    userInfo: { userId: 'u1', userAccount: 'finance', userName: 'Finance' },
    menuList: [],
    permissionList: [
      { modelId: 'm1', moduleName: 'Users', button: buttons.map((b) => ({ id: b, fullName: b, enCode: b })) },
    ],
    sysConfigInfo: null,
  });

describe('live socket and the session', () => {
  let sockets: FakeSocket[];
  let socket: LiveSocket;
  let unlink: () => void;
  let feedback: ReturnType<typeof mockFeedback>;
  let nav: ReturnType<typeof mockNavigator>;

  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
    feedback = mockFeedback();
    nav = mockNavigator('/permission/user?x=1');
    sockets = [];
    socket = new LiveSocket({
      url: (token) => socketUrl(token, '/prod', 'http://atrium.test/home'),
      createSocket: (url) => {
        const fake = new FakeSocket(url);
        sockets.push(fake);
        return fake;
      },
    });
    unlink = linkLiveSocket(socket);
  });
  afterEach(() => {
    unlink();
    vi.unstubAllGlobals();
  });

  const signIn = () => {
    useSessionStore.setState({ token: 'Bearer t1', loaded: true });
    sockets.at(-1)!.open();
    return sockets.at(-1)!;
  };

  it('the socket URL is ws(s) beside the page, under the API base, with the token encoded', () => {
    expect(socketUrl('Bearer a b', '/prod', 'http://h:3000/x')).toBe(
      'ws://h:3000/prod/api/message/websocket/Bearer%20a%20b',
    );
    expect(socketUrl('Bearer t', '/prod', 'https://h/x')).toBe('wss://h/prod/api/message/websocket/Bearer%20t');
    expect(socketUrl('Bearer t', 'https://api.h/prod', 'http://h/x')).toBe(
      'wss://api.h/prod/api/message/websocket/Bearer%20t',
    );
  });

  it('S1-4-19 connects once the current user is loaded, once per session', () => {
    useSessionStore.setState({ token: 'Bearer t1', loaded: false });
    expect(sockets).toHaveLength(0);
    useSessionStore.setState({ loaded: true });
    expect(sockets).toHaveLength(1);
    useSessionStore.setState({ locked: true });
    useSessionStore.setState({ menuList: [] });
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://atrium.test/prod/api/message/websocket/Bearer%20t1');
  });

  it('S1-4-02 a token reset closes the socket', () => {
    const ws = signIn();
    useSessionStore.getState().resetToken();
    expect(ws.closed).toBe(true);
    expect(socket.state).toBe('idle');
  });

  it('S1-4-02 signing out closes this tab socket before the server is told', async () => {
    const ws = signIn();
    let closedBeforeCall: boolean | undefined;
    mockFetch(() => {
      closedBeforeCall = ws.closed;
      return jsonResponse(envelope(null));
    });
    await useSessionStore.getState().logout();
    expect(closedBeforeCall).toBe(true);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('S1-4-31 S1-8-08 S1-7-43 a logout push shows its message for 1 s, then clears the session and loads the sign-in page afresh', () => {
    vi.useFakeTimers();
    const load = vi.spyOn(pageLoad, 'replace').mockImplementation(() => undefined);
    try {
      const ws = signIn();
      ws.frame({ method: 'logout', msg: '您的账号已在其他地方登录，请重新登录' });
      expect(feedback.message.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: '您的账号已在其他地方登录，请重新登录', duration: 1 }),
      );
      expect(ws.closed).toBe(true);
      // The message stays readable for its second before the page goes.
      vi.advanceTimersByTime(999);
      expect(load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(useSessionStore.getState().token).toBeNull();
      expect(sessionStorage.length).toBe(0);
      // A full load, not a router navigation: nothing of the previous user stays in memory.
      expect(load).toHaveBeenCalledWith('/login?redirect=%2Fpermission%2Fuser%3Fx%3D1');
      expect(nav.navigate).not.toHaveBeenCalled();
      expect(socket.state).toBe('idle');
    } finally {
      load.mockRestore();
      vi.useRealTimers();
    }
  });

  it('S1-4-31 a logout push without a message shows the default text', () => {
    vi.useFakeTimers();
    const load = vi.spyOn(pageLoad, 'replace').mockImplementation(() => undefined);
    try {
      signIn().frame({ method: 'logout' });
      expect(feedback.message.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: '登录过期，请重新登录', duration: 1 }),
      );
      vi.runAllTimers();
    } finally {
      load.mockRestore();
      vi.useRealTimers();
    }
  });

  it('a refresh push reloads the current user so menus and buttons follow the new rights', async () => {
    const ws = signIn();
    useSessionStore.setState({ permissionList: [] });
    const { calls } = mockFetch(() => jsonResponse(currentUser(['btn_add'])));
    ws.frame({ method: 'refresh' });
    await vi.waitFor(() => expect(useSessionStore.getState().permissionList).toHaveLength(1));
    expect(calls[0].url.pathname).toBe('/prod/api/oauth/CurrentUser');
    expect(useSessionStore.getState().permissionList[0].button?.map((b) => b.enCode)).toEqual(['btn_add']);
    // The session goes on: same socket, same token.
    expect(ws.closed).toBe(false);
    expect(useSessionStore.getState().token).toBe('Bearer t1');
  });

  it('S1-4-32 closeSocket closes the socket and it stays closed while the token is unchanged', () => {
    const ws = signIn();
    ws.frame({ method: 'closeSocket' });
    expect(ws.closed).toBe(true);
    useSessionStore.setState({ menuList: [] });
    expect(sockets).toHaveLength(1);
  });
});
