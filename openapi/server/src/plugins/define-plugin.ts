import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

export interface PluginMeta {
  name: string;
  /** Names of plugins that must be registered first; Fastify asserts it at registration. */
  dependencies?: string[];
}

/**
 * Marks a plugin as non-encapsulated (its decorators and hooks reach the parent) and names it, through
 * the hidden properties Fastify documents in Reference/Plugins "Handle the scope". This is what
 * fastify-plugin does; it is not a direct dependency of this package, so the three symbols are set here.
 */
export function definePlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  plugin: FastifyPluginAsync<Options>,
  meta: PluginMeta,
): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = meta.name;
  marked[Symbol.for('plugin-meta')] = { name: meta.name, fastify: '5.x', dependencies: meta.dependencies ?? [] };
  return plugin;
}
