import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { ChatMessage } from '../collections';
import { asList, readPayload } from '../read-payload';

/** GET /chat/user/getchat: the user's chat with support, oldest first. Throws ApiError on failure. */
export async function getChat(): Promise<ChatMessage[]> {
  return asList<ChatMessage>(readPayload(unwrap(await client.GET('/chat/user/getchat'))));
}
