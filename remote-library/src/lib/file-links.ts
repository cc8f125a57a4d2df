/**
 * The signed file links of the API (`BookFile.url`, GET /api/v1/files/{token}): a link is its
 * own credential, so it works in `<a href download>`, `<audio src>` and `<img src>` without the
 * access token ever being put in a URL. A link lives 30 minutes (portal.yaml, downloadFile).
 */

/** How often screens that show links re-read them: well within the links' 30 minutes. */
export const FILE_LINKS_REFRESH_MS = 20 * 60 * 1000;

/** The link to show a file in the page (viewer, audio player, image) instead of downloading it. */
export function inlineLink(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}disposition=inline`;
}

/** The bytes behind a link (the book viewer's input); throws on any answer but 200. */
export async function fetchFileBytes(url: string): Promise<ArrayBuffer> {
  // Resolved against the page: links are paths on the portal's own origin.
  const response = await fetch(new Request(new URL(url, globalThis.location.href), { credentials: 'same-origin' }));
  if (!response.ok) throw new Error(`The file could not be read (${response.status})`);
  return response.arrayBuffer();
}

/** A file size as people read it: '812 bytes', '24 KB', '3.4 MB'. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
