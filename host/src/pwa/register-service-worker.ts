/**
 * THE place where the service worker will be registered (workbox-webpack-plugin's
 * generated worker, in a later issue). Until then the portal registers none, so nothing
 * is cached behind the deployment's back. Called once from bootstrap after the first render.
 */
export function registerServiceWorker(): void {
  // Intentionally empty: no service worker yet.
}
