/**
 * Where the host's tab guard keeps its state (account-area.md section 3: "a tab identifier
 * with timestamp"). Exported so that code clearing storage (checkout success keeps the
 * "active-tab info") names the same keys as the guard.
 */
export const ACTIVE_TAB_STORAGE_KEYS = {
  /** localStorage: JSON `{ id, timestamp }` of the tab that owns the portal right now. */
  activeTab: 'activeTab',
  /** sessionStorage: this tab's own id (sessionStorage survives a reload of the tab, not a new tab). */
  tabId: 'tabId',
} as const;
