import type { ChatMessage } from '@pod/shared-contracts';

/** The image path's last segment: a server-chosen name (portal.yaml's pattern for the path parameter). */
const IMAGE_PATH = /\/chat\/user\/image\/([A-Za-z0-9][A-Za-z0-9_-]{0,119}\.(?:png|jpg|svg))$/;

/**
 * The name of a message's image, from its `misc` JSON (`{ "imageData": "/api/v1/chat/user/image/<name>" }`),
 * or null when it has none or the text is not such a path. Only the name is used: the image is
 * fetched through the typed client from the API host (spec section 7), never from a URL a message carries.
 */
export function chatImageName(message: ChatMessage): string | null {
  if (!message.misc) return null;
  let misc: unknown;
  try {
    misc = JSON.parse(message.misc);
  } catch {
    return null;
  }
  const path = misc && typeof misc === 'object' ? (misc as { imageData?: unknown }).imageData : undefined;
  if (typeof path !== 'string') return null;
  return IMAGE_PATH.exec(path)?.[1] ?? null;
}
