/** Where portal.yaml's operations are served (its `servers` URL); app.ts mounts the glue here. */
export const API_PREFIX = '/api/v1';
