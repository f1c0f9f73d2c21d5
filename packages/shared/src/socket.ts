/**
 * Frames of the live socket (GET /api/message/websocket/{token}). Every frame is a JSON object with a
 * `method`; client frames also carry the session `token`, which the server checks on each one.
 * The chat frames (SendMessage, MessageList, UpdateReadMessage and their answers) are those of the
 * messages module (apps/server/src/modules/message, modules/socket/chat-handlers.ts).
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

/** Chat content kinds; the web sends text and image. */
export type ChatContentType = 'text' | 'image' | 'voice' | 'video';

/** Content of an image message as sent: the name answered by the IM upload, and its size in pixels. */
export interface ChatImageContent {
  name: string;
  width: number;
  height: number;
}

/** Stored content of an image message (JSON text of this): adds the path the image is served at. */
export interface StoredChatImage extends ChatImageContent {
  path: string;
}

export interface SendMessageFrame {
  method: 'SendMessage';
  token: string;
  toUserId: string;
  messageType: ChatContentType;
  /** Text (trimmed by the server; empty is not stored) or the uploaded image. */
  messageContent: string | ChatImageContent;
}

export interface MessageListRequestFrame {
  method: 'MessageList';
  token: string;
  /** The other party of the conversation. */
  toUserId: string;
  /** The caller (the server uses the session's user). */
  formUserId?: string;
  currentPage: number;
  pageSize: number;
  sord: 'asc' | 'desc';
  keyword?: string;
}

export interface UpdateReadMessageFrame {
  method: 'UpdateReadMessage';
  token: string;
  /** The other party, whose messages to the caller become read. */
  formUserId: string;
}

export type ClientFrame = OnConnectionFrame | SendMessageFrame | MessageListRequestFrame | UpdateReadMessageFrame;

// ---------------------------------------------------------------------------------------------
// Server to client
// ---------------------------------------------------------------------------------------------

/** Unread chat messages from one contact, with the latest message of that conversation. */
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

/** A message-centre arrival (notice released, flow message): add `unreadNoticeCount` to the bell. */
export interface MessagePushFrame {
  method: 'messagePush';
  /** The increment (1). */
  unreadNoticeCount: number;
  /** 1 notice, 2 flow, 3 system. */
  messageType: number;
  /** Who released or sent it ('' for the system). */
  userId: string;
  /** The recipient when the push goes to one user; '' for a notice to many. */
  toUserId: string;
  title: string;
  messageDefaultTime: number;
}

/** Echo of a sent chat message to every socket of the sender. */
export interface SendMessageEchoFrame {
  method: 'sendMessage';
  userId: string;
  toUserId: string;
  dateTime: number;
  latestDate: number;
  headIcon: string;
  realName: string;
  account: string;
  toAccount: string;
  toRealName: string;
  toHeadIcon: string;
  messageType: ChatContentType;
  /** Stored content: escaped text, or JSON text of StoredChatImage. */
  toMessage: string;
}

/** A chat message arriving at every socket of the recipient. */
export interface ReceiveMessageFrame {
  method: 'receiveMessage';
  /** The sender (the spelling is part of the protocol). */
  formUserId: string;
  /** The recipient. */
  userId: string;
  dateTime: number;
  latestDate: number;
  headIcon: string;
  realName: string;
  account: string;
  messageType: ChatContentType;
  /** Stored content: escaped text, or JSON text of StoredChatImage. */
  formMessage: string;
}

/** One stored chat message. */
export interface ChatMessage {
  id: string;
  sendUserId: string;
  sendTime: number;
  receiveUserId: string;
  receiveTime: number | null;
  content: string;
  contentType: ChatContentType;
  /** 0 unread, 1 read by the recipient. */
  state: number;
}

/** Answer to MessageList. */
export interface MessageListFrame {
  method: 'messageList';
  list: ChatMessage[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export type ServerFrame =
  | InitMessageFrame
  | OnlineFrame
  | OfflineFrame
  | LogoutFrame
  | CloseSocketFrame
  | RefreshFrame
  | MessagePushFrame
  | SendMessageEchoFrame
  | ReceiveMessageFrame
  | MessageListFrame;
export type ServerMethod = ServerFrame['method'];

/**
 * Close code of a server instance that is shutting down ("going away"): its peers are up, so a
 * client reconnects at once instead of waiting out its back-off.
 */
export const SOCKET_GOING_AWAY = 1001;
