import { unwrap } from '@pod/shared-contracts';

/**
 * The file name a download answer gives in `Content-Disposition` (`filename*=UTF-8''...`
 * preferred over `filename="..."`), or `fallback` when it names none.
 */
export function dispositionFilename(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Saves the Blob of a `client.GET(..., { parseAs: 'blob' })` answer under the server's file
 * name: the request went through the shared client (bearer, refresh), so the file never needs
 * a token in its URL; a short-lived object URL is clicked as `<a download>` and revoked.
 * Throws the client's ApiError when the answer is not a success.
 */
export function saveDownload(result: { data?: Blob; error?: unknown; response: Response }, fallback: string): string {
  const blob = unwrap(result);
  const filename = dispositionFilename(result.response.headers.get('Content-Disposition'), fallback);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download (a synchronous revoke can cancel it).
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}
