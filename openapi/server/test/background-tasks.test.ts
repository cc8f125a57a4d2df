import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createBackgroundTasks } from '../src/background-tasks.js';
import background from '../src/plugins/external/background.js';
import mailPlugin from '../src/plugins/external/mail.js';

/** A logger that keeps what was logged as an error. */
function errorLog() {
  const errors: Array<{ details: Record<string, unknown>; message: string }> = [];
  const log = {
    error: (details: Record<string, unknown>, message: string) => errors.push({ details, message }),
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('background tasks', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  before(() => process.on('unhandledRejection', onUnhandled));
  after(() => process.off('unhandledRejection', onUnhandled));

  it('logs a failing task with its context, never as an unhandled rejection', async () => {
    const { log, errors } = errorLog();
    const tasks = createBackgroundTasks(log);
    const failure = new Error('smtp down');
    tasks.run('e-mail could not be sent', () => Promise.reject(failure), { context: { to: 'a@b.c' } });
    tasks.run('sync throw', () => {
      throw new Error('thrown before any promise');
    });
    await tasks.idle();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(errors.map((entry) => entry.message).sort(), ['e-mail could not be sent', 'sync throw']);
    const mail = errors.find((entry) => entry.message === 'e-mail could not be sent')!;
    assert.equal(mail.details.err, failure);
    assert.equal(mail.details.to, 'a@b.c');
    assert.deepEqual(unhandled, []);
    assert.equal(tasks.pending, 0);
  });

  it('idle waits for tasks started by tasks', async () => {
    const tasks = createBackgroundTasks(errorLog().log);
    const done: string[] = [];
    tasks.run('outer', async () => {
      await later(5, null);
      tasks.run('inner', async () => {
        await later(5, null);
        done.push('inner');
      });
      done.push('outer');
    });
    await tasks.idle();
    assert.deepEqual(done, ['outer', 'inner']);
  });

  it('closing the app waits for a task started before close, before the database closes', async () => {
    const app = Fastify({ logger: false });
    await app.register(background);
    const order: string[] = [];
    // Stands for the database plugin, which closes in onClose.
    app.addHook('onClose', async () => {
      order.push('database closed');
    });
    await app.ready();
    app.background.run('slow write failed', async () => {
      await later(30, null);
      order.push('task finished');
    });
    await app.close();
    order.push('close resolved');
    assert.deepEqual(order, ['task finished', 'database closed', 'close resolved']);
  });

  it('a dispatched mail is handed over before close resolves', async () => {
    const app = Fastify({ logger: false });
    await app.register(background);
    const sent: string[] = [];
    await app.register(mailPlugin, {
      from: 'test@pod.local',
      outbox: { add: async () => undefined },
      mailer: {
        kind: 'custom',
        send: async (message) => {
          await later(20, null);
          sent.push(message.to);
        },
      },
    });
    await app.ready();
    app.mailDispatcher.dispatch({ to: 'reader@pod.local', subject: 'Hi', text: 'Hi' }, app.log);
    assert.equal(app.background.pending, 1);
    await app.close();
    assert.deepEqual(sent, ['reader@pod.local']);
  });
});
