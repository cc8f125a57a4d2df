/** The element a pre-rendered page holds before #root (host/src/prerender/login.html, shell.html). */
export const PRERENDER_ID = 'pod-prerender';
/**
 * The attribute of that element naming the path it was rendered for (`/login`, `/dashboard`):
 * the server answers only that path with that page (openapi/server static-site.ts).
 */
export const PRERENDER_PATH_ATTRIBUTE = 'data-path';

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * Keeps the pre-rendered page (the sign-in card of /login, or the shell and heading of a
 * signed-in page) on screen until React has a screen to show instead, then takes it away
 * (prerender.css hides #root while it is there). A screen is ready when #root holds a heading
 * of level 1 (every screen, the failure notices and 'Page Not Found' have one; the spinners
 * before them do not), or as soon as the page is no longer the path it was rendered for (a
 * redirect: a signed-in user goes on from /login to the dashboard, a signed-out one from
 * /dashboard to /login, a second tab to /tab-error). Mutation observers run before the next
 * paint, so both never share a painted frame. Returns the stop.
 */
export function watchPrerender(
  root: HTMLElement,
  doc: Document = document,
  location: Pick<Location, 'pathname'> = globalThis.location,
): () => void {
  const prerender = doc.getElementById(PRERENDER_ID);
  if (!prerender) return () => undefined;
  const renderedFor = trimmed(prerender.getAttribute(PRERENDER_PATH_ATTRIBUTE) ?? '/login');
  const view = doc.defaultView ?? globalThis;
  const observer = new view.MutationObserver(check);
  function stop() {
    observer.disconnect();
  }
  function check() {
    if (root.querySelector('h1') === null && trimmed(location.pathname) === renderedFor) return;
    prerender?.remove();
    stop();
  }
  observer.observe(root, { childList: true, subtree: true });
  check();
  return stop;
}
