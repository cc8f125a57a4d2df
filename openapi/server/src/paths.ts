import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** openapi/server, wherever the package is checked out (src/ and dist-less tsx runs alike). */
export const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** The monorepo root: openapi/server is two levels below it. */
export const repoRoot = resolve(packageRoot, '../..');

export const defaultSpecPath = resolve(packageRoot, '../portal.yaml');
export const migrationsDir = resolve(packageRoot, 'migrations');
export const defaultDataDir = resolve(repoRoot, '.data/db');
/** Uploaded files (UPLOAD_DIR), beside the PGlite data directory. */
export const defaultUploadDir = resolve(repoRoot, '.data/uploads');
export const defaultStaticRoot = resolve(repoRoot, '.data/public');
