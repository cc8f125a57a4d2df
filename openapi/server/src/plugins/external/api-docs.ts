import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface ApiDocsOptions {
  /** portal.yaml: the page shows this file, exactly as the router reads it. */
  specPath: string;
  /** Where the page and its files are served (default /api/docs). */
  prefix?: string;
}

export const API_DOCS_PREFIX = '/api/docs';

/** The only files of swagger-ui-dist the page loads: the UI with its dependencies, and its styles. */
const ASSETS = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const;
type AssetName = keyof typeof ASSETS;

/** Asset URLs carry the package version, so a browser may keep them until the next upgrade. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The start-up script, served as a file of its own so the page runs under the portal's
 * `script-src 'self'` (no inline script). BaseLayout, not the standalone preset: that preset's
 * top bar carries an inline <style> (its logo), which `style-src 'self'` refuses, and the top
 * bar's URL box is not wanted (the page shows this API's contract only). validatorUrl null: no
 * badge fetched from the validator service (offline, and no third party learns the URL).
 * Authorisation is not persisted: tokens stay out of localStorage, like everywhere in the portal.
 */
function startScript(specUrl: string): string {
  return `'use strict';
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(specUrl)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
}

function page(prefix: string, assets: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Print on Demand API reference</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<noscript>The API reference needs JavaScript. The contract itself: <a href="${prefix}/portal.yaml">portal.yaml</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script src="${prefix}/start.js"></script>
</body>
</html>
`;
}

/** The folder of the installed swagger-ui-dist and its version. */
async function swaggerUiDist(): Promise<{ dir: string; version: string }> {
  const packageJson = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  return { dir: dirname(packageJson), version };
}

/**
 * The OpenAPI reference of portal.yaml (Swagger UI from the swagger-ui-dist package, served
 * from node_modules: no CDN, works offline). Registered only when config.apiDocs is on; its
 * answers get the portal's security headers and policy (security-headers plugin), which the
 * page needs no exception from. "Try it out" calls /api/v1 on the same origin.
 */
export default async function apiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  const prefix = options.prefix ?? API_DOCS_PREFIX;
  const dist = await swaggerUiDist();
  const assets = `${prefix}/assets/${dist.version}`;
  const html = page(prefix, assets);
  const script = startScript(`${prefix}/portal.yaml`);

  // The page and the contract change with a deploy: revalidated every time.
  app.get(prefix, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
  app.get(`${prefix}/start.js`, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
  );
  app.get(`${prefix}/portal.yaml`, async (_request, reply) =>
    // Read per request: the file is the running contract, and editing it in development shows at once.
    reply
      .header('cache-control', 'no-cache')
      .type('application/yaml; charset=utf-8')
      .send(await readFile(options.specPath, 'utf8')),
  );
  app.get<{ Params: { name: string } }>(`${assets}/:name`, async (request, reply) => {
    const name = request.params.name;
    // Only the listed files: nothing else of node_modules is reachable through this route.
    if (!Object.hasOwn(ASSETS, name)) return reply.callNotFound();
    return reply
      .header('cache-control', IMMUTABLE)
      .type(ASSETS[name as AssetName])
      .send(createReadStream(join(dist.dir, name)));
  });
}
