/** The notification a push message asks for (what the server's `push test` and future pushes send). */
export interface PushNotice {
  title: string;
  body: string;
  /** Where a click leads: always a path of the portal's own origin. */
  url: string;
}

/** The title of a push whose data is plain text (or JSON without a title). */
export const DEFAULT_PUSH_TITLE = 'Print on Demand';

/**
 * Reads a push message's data: JSON `{ title, body, url }` (each optional), or any other text,
 * which becomes the body under the portal's name. Empty data still shows a notification
 * (browsers penalise a push that shows none).
 */
export function parsePushMessage(text: string, origin: string): PushNotice {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const { title, body, url } = parsed as Record<string, unknown>;
    return {
      title: typeof title === 'string' && title.trim() ? title : DEFAULT_PUSH_TITLE,
      body: typeof body === 'string' ? body : '',
      url: notificationTarget(typeof url === 'string' ? url : '/', origin),
    };
  }
  return { title: DEFAULT_PUSH_TITLE, body: text, url: notificationTarget('/', origin) };
}

/**
 * The absolute URL a notification click opens: `url` resolved against the portal, or the
 * portal's start page when it names another origin or is not a web URL (a push must not be
 * able to send the user elsewhere).
 */
export function notificationTarget(url: string, origin: string): string {
  try {
    const target = new URL(url, origin);
    if (target.origin === new URL(origin).origin) return target.href;
  } catch {
    /* not a URL: the start page */
  }
  return new URL('/', origin).href;
}
