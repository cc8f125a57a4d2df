import fp from 'fastify-plugin';
import { createBackgroundTasks, type BackgroundTasks } from '../../background-tasks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fire-and-forget work, logged when it fails and awaited when the app closes (background-tasks.ts). */
    background: BackgroundTasks;
  }
}

/**
 * `app.background`. Its tasks are awaited in preClose, which Fastify runs before every onClose
 * hook: the database (closed in db's onClose) is still open for whatever the tasks still write.
 */
export default fp(
  async (app) => {
    const tasks = createBackgroundTasks(app.log.child({ component: 'background' }));
    app.decorate('background', tasks);
    app.addHook('preClose', async () => {
      await tasks.idle();
    });
  },
  { name: 'background' },
);
