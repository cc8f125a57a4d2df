/**
 * The support chat's rules (account-area.md section 5: "Chat images accept .svg, .png, .jpg,
 * .jpeg, .jfif"). The chat panel checks a chosen file with them before sending anything; the
 * API checks the bytes again (their real type, their decoded size) with the same limit and
 * messages.
 */

/** The accepted image file extensions, as the specification lists them. */
export const CHAT_IMAGE_EXTENSIONS = ['.svg', '.png', '.jpg', '.jpeg', '.jfif'] as const;

/** The file input's `accept` attribute. */
export const CHAT_IMAGE_ACCEPT = CHAT_IMAGE_EXTENSIONS.join(',');

/** Largest accepted image in bytes (1 MiB, decoded; the API's body limit leaves room for base64). */
export const MAX_CHAT_IMAGE_BYTES = 1_048_576;

/** Longest chat message in characters (portal.yaml `ChatMessageBody.message`). */
export const MAX_CHAT_MESSAGE_LENGTH = 4000;

/** A message with neither text nor an image. */
export const CHAT_MESSAGE_REQUIRED = 'Please enter a message or attach an image.';

/** An image of another type. */
export const CHAT_IMAGE_TYPE_MESSAGE = 'Please attach an image of type .svg, .png, .jpg, .jpeg or .jfif.';

/** An image over {@link MAX_CHAT_IMAGE_BYTES}. */
export const CHAT_IMAGE_TOO_LARGE_MESSAGE = 'The image is too large: it must be at most 1 MB.';

/** The media type a data URL of an accepted file declares, by its extension (a .jfif is a JPEG). */
const MEDIA_TYPES: Record<(typeof CHAT_IMAGE_EXTENSIONS)[number], string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.jfif': 'image/jpeg',
};

/**
 * The media type to send a chosen file as, from its name, or null when its extension is not
 * accepted. Browsers leave `File.type` empty for extensions the system does not know (.jfif on
 * some systems), so the name decides, as the specification's list is one of extensions.
 */
export function chatImageMediaType(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  return (MEDIA_TYPES as Record<string, string>)[extension] ?? null;
}

/** undefined when a file may be sent as the chat's image, else the message saying why not. */
export function chatImageFailure(file: { name: string; size: number }): string | undefined {
  if (chatImageMediaType(file.name) === null) return CHAT_IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_CHAT_IMAGE_BYTES) return CHAT_IMAGE_TOO_LARGE_MESSAGE;
  return undefined;
}
