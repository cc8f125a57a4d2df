// webpack's runtime public path: with publicPath 'auto' it is the folder the remote's own
// scripts were loaded from (/remotes/<dir>/<version>/ in production), so files copied from
// public/ resolve there whichever page loads the remote.
declare const __webpack_public_path__: string;

/** The URL of a file of remote-library/public/ (copied to the build's root). */
export function publicFileUrl(name: string): string {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/';
  return `${base}${name}`;
}

/** The header-only template and the example of public/. */
export const TEMPLATE_FILE = 'bulk-upload-template.csv';
export const EXAMPLE_FILE = 'bulk-upload-example.csv';
