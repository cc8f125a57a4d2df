/** The element login.html pre-renders before #root (host/src/prerender/login.html). */
export const PRERENDER_ID = 'pod-prerender';
/** The one path the server answers with login.html (openapi/server static-site.ts). */
export const PRERENDERED_PATH = '/login';

function onPrerenderedPath(pathname: string): boolean {
  return (pathname.replace(/\/+$/, '') || '/') === PRERENDERED_PATH;
}

/**
 * Keeps the pre-rendered /login on screen until React has a screen to show instead, then
 * takes it away (prerender.css hides #root while it is there). A screen is ready when #root
 * holds a heading of level 1 (every screen, the failure notices and 'Page Not Found' have
 * one; the spinners before them do not), or as soon as the page is no longer /login (a
 * redirect: a signed-in user goes on to the dashboard, a second tab to /tab-error). Mutation
 * observers run before the next paint, so both never share a painted frame. Returns the stop.
 */
export function watchPrerender(
  root: HTMLElement,
  doc: Document = document,
  location: Pick<Location, 'pathname'> = globalThis.location,
): () => void {
  const prerender = doc.getElementById(PRERENDER_ID);
  if (!prerender) return () => undefined;
  const view = doc.defaultView ?? globalThis;
  const observer = new view.MutationObserver(check);
  function stop() {
    observer.disconnect();
  }
  function check() {
    if (root.querySelector('h1') === null && onPrerenderedPath(location.pathname)) return;
    prerender?.remove();
    stop();
  }
  observer.observe(root, { childList: true, subtree: true });
  check();
  return stop;
}
