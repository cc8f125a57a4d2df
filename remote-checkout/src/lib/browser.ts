/**
 * Leaving the portal for a payment provider's page, behind one object so tests can replace it
 * (jsdom does not implement navigation through `location.assign`).
 */
export const browser = {
  /** Loads `url` in this tab. */
  assign(url: string): void {
    window.location.assign(url);
  },
};
