import type { Client } from '@colyseus/core';
import type { ServerMessages, ServerMessageType } from '@tumbleweed/engine';

/** Sends one client a message of the protocol (engine protocol/messages.ts): the payload is typed by its name. */
export function sendTo<K extends ServerMessageType>(client: Client, type: K, payload: ServerMessages[K]): void {
  client.send(type, payload);
}
