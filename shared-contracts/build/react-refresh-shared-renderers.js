/*
 * Development only, first in the host's entry (after React Refresh's runtime set up the global
 * React DevTools hook, before react-dom loads): make the hook record every renderer in
 * `hook.renderers`. react-dom registers itself with the hook once, when it first runs, and the
 * hook React Refresh creates does not keep that registration, so the refresh runtime of a remote
 * (injected later, when the host loads the remote) would never learn of the shared react-dom
 * and a remote's edits would be applied by HMR but never re-rendered. Each later runtime reads
 * `hook.renderers` when it is injected. With the React DevTools extension the hook already
 * records them.
 */
(function shareRenderersWithLaterRefreshRuntimes() {
  var hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (!hook || hook.podSharesRenderers || typeof hook.inject !== 'function') return;
  var inject = hook.inject;
  if (!hook.renderers) hook.renderers = new Map();
  hook.inject = function injectAndRecord(renderer) {
    var id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
  hook.podSharesRenderers = true;
})();
