import { useChatStore } from '../stores/chat.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { onSessionReset } from '../stores/session-reset.ts';
import type { LiveSocket } from './live-socket.ts';

/**
 * Feeds the bell and the chat from the socket (server pushes): initMessage sets
 * the unread total and the flash flag, messagePush adds notices, the chat frames go to the chat
 * store. Every initMessage answers an OnConnection, so after a reconnect it is also the moment to
 * re-fetch what the socket missed while it was away. Returns the undo (tests).
 */
export function linkMessaging(socket: LiveSocket): () => void {
  const chat = useChatStore.getState();
  chat.setTransport((frame) => socket.send(frame));
  // The server also pushes initMessage when the read state changes in another tab; only the first
  // one of a connection follows a (re)connect and calls for the re-fetch.
  let freshConnection = false;
  let connectedBefore = false;
  const stops = [
    socket.events.on('initMessage', (frame) => {
      const unreadNums = frame.unreadNums ?? [];
      useMessagesStore.getState().setCounts(frame);
      useMessagesStore.getState().setFlash(unreadNums.some((n) => n.unreadNum > 0));
      const chatState = useChatStore.getState();
      chatState.setMe(frame.userId);
      chatState.applyUnreadNums(unreadNums);
      if (freshConnection) {
        freshConnection = false;
        chatState.onConnected();
        // A reconnect (not the first connection): what arrived meanwhile shows in the open lists.
        if (connectedBefore) useMessagesStore.getState().refreshLists();
        connectedBefore = true;
      }
    }),
    socket.events.on('messagePush', (frame) =>
      useMessagesStore.getState().pushed(frame.unreadNoticeCount, frame.messageType),
    ),
    socket.events.on('receiveMessage', (frame) => useChatStore.getState().onReceive(frame)),
    socket.events.on('sendMessage', (frame) => useChatStore.getState().onSent(frame)),
    socket.events.on('messageList', (frame) => useChatStore.getState().onMessageList(frame)),
    socket.onState((state) => {
      if (state === 'open') freshConnection = true;
      else useChatStore.getState().onDisconnected();
    }),
    onSessionReset(() => {
      connectedBefore = false;
      useMessagesStore.getState().reset();
      useChatStore.getState().reset();
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    useChatStore.getState().setTransport(() => false);
  };
}
