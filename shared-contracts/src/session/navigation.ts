type Navigate = (path: string) => void;

let navigator: Navigate = (path) => globalThis.location?.assign(path);

/**
 * The host registers react-router's navigate here, so shared code (logout, the session
 * rules) moves the user without a full reload. Until then it falls back to location.assign.
 */
export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

/** Moves the user to `path` through the registered navigator. */
export function navigateTo(path: string): void {
  navigator(path);
}
