import { useMutation } from '@tanstack/react-query';
import { client, unwrap, useInvalidate, type components } from '@pod/shared-contracts';

/** The body of POST /chat/user/sendmsg: the text, and an image as a data URL or null. */
export type ChatMessageBody = components['schemas']['ChatMessageBody'];
/** Its answer: the stored message, and the system's out-of-office reply outside office hours. */
export type ChatSendResult = components['schemas']['ChatSendResult'];

/**
 * POST /chat/user/sendmsg. Throws ApiError: 400 `VALIDATION` (neither text nor image),
 * `IMAGE_TYPE` or `IMAGE_TOO_LARGE`, 413 for a body over the route's limit, 429 `RATE_LIMITED`.
 */
export async function sendChatMessage(body: ChatMessageBody): Promise<ChatSendResult> {
  return unwrap(await client.POST('/chat/user/sendmsg', { body }));
}

/** {@link sendChatMessage} as a mutation; a sent message makes the chat stale (`chatMessageSent`). */
export function useSendChatMessage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: () => invalidate('chatMessageSent'),
  });
}
