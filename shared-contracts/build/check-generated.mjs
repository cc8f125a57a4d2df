// Fails when src/api/schema.d.ts is not exactly what openapi-typescript generates from
// openapi/portal.yaml today: the contract changed and `pnpm generate` was not run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = join(here, '..');
const spec = join(pkgDir, '..', 'openapi', 'portal.yaml');
const committed = join(pkgDir, 'src', 'api', 'schema.d.ts');
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');

const dir = mkdtempSync(join(tmpdir(), 'schema-check-'));
try {
  const fresh = join(dir, 'schema.d.ts');
  execFileSync(process.execPath, [cli, spec, '-o', fresh], { stdio: ['ignore', 'ignore', 'inherit'] });
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== readFileSync(fresh, 'utf8')) {
    console.error(
      'shared-contracts/src/api/schema.d.ts is stale: openapi/portal.yaml changed. Run `pnpm generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('schema.d.ts matches openapi/portal.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
