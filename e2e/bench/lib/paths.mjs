import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM || process.env.CHROME_PATH || '/usr/bin/chromium';
