/**
 * The version this remote was built as (`__POD_APP_VERSION__`, defined by the build; see
 * shared-contracts/build/build-info.d.ts). Guarded so a tool that does not define it shows
 * 'unknown' instead of crashing the screen.
 */
export const APP_VERSION: string = typeof __POD_APP_VERSION__ === 'string' ? __POD_APP_VERSION__ : 'unknown';
