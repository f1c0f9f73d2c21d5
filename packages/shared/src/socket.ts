/**
 * Frames of the live socket (contract/api.md, Websocket). Every frame is a JSON object with a
 * `method`; client frames also carry the session `token`, which the server checks on each one.
 * The chat frames (SendMessage, MessageList, UpdateReadMessage and their answers) arrive with the
 * messages module and are added to these unions then.
 */

/** Path of the socket under the API base; the token is URL-encoded into it. */
export const SOCKET_PATH = '/api/message/websocket/';

// ---------------------------------------------------------------------------------------------
// Client to server
// ---------------------------------------------------------------------------------------------

export interface OnConnectionFrame {
  method: 'OnConnection';
  token: string;
  /** false on the web. */
  mobileDevice: boolean;
}

export type ClientFrame = OnConnectionFrame;

// ---------------------------------------------------------------------------------------------
// Server to client
// ---------------------------------------------------------------------------------------------

/** Unread chat messages from one contact (filled by the chat module; empty until then). */
export interface UnreadNum {
  sendUserId: string;
  unreadNum: number;
  defaultMessage: string;
  defaultMessageType: string;
  defaultMessageTime: number;
}

/** The answer to OnConnection. */
export interface InitMessageFrame {
  method: 'initMessage';
  /** Ids of the users with at least one open socket, on any instance. */
  onlineUsers: string[];
  unreadNums: UnreadNum[];
  /** Unread message-centre rows by type: 1 notice, 2 flow ("message"), 3 system. */
  unreadNoticeCount: number;
  unreadMessageCount: number;
  unreadSystemMessageCount: number;
  unreadTotalCount: number;
  userId: string;
}

/** A user's first socket opened (sent to everyone else). */
export interface OnlineFrame {
  method: 'Online';
  userId: string;
}

/** A user's last socket closed (sent to everyone else). */
export interface OfflineFrame {
  method: 'Offline';
  userId: string;
}

/** The session ended or must be renewed: show `msg` (default 'login expired'), drop the token. */
export interface LogoutFrame {
  method: 'logout';
  msg?: string;
  token?: string;
}

/** The token of a frame is not (or no longer) valid: stop, do not reconnect. */
export interface CloseSocketFrame {
  method: 'closeSocket';
}

/** The user's menus or rights changed but the session may continue: reload the current user. */
export interface RefreshFrame {
  method: 'refresh';
}

export type ServerFrame = InitMessageFrame | OnlineFrame | OfflineFrame | LogoutFrame | CloseSocketFrame | RefreshFrame;
export type ServerMethod = ServerFrame['method'];
