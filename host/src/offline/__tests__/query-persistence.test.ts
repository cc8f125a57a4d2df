import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@pod/shared-contracts';
import { createQueryPersistence, QUERY_CACHE_MAX_AGE_MS } from '../query-persistence';

const BOOKS = { localBooks: [{ id: 11, book_title: 'Offline Afternoons' }], internationalBooks: [] };

function seeded(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(queryKeys.books(), BOOKS);
  client.setQueryData(queryKeys.user(), { id: 7, email: 'thandi@example.co.za' });
  return client;
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the last data seen', () => {
  it("restores the user's saved collections after a reload (not the user, which the session keeps)", async () => {
    const factory = new IDBFactory();
    await createQueryPersistence({ factory }).save(seeded(), 7);

    const reloaded = new QueryClient();
    expect(await createQueryPersistence({ factory }).restore(reloaded, 7)).toBe(true);

    expect(reloaded.getQueryData(queryKeys.books())).toEqual(BOOKS);
    expect(reloaded.getQueryData(queryKeys.user())).toBeUndefined();
  });

  it("never restores another user's data, and forgets it on a change of user or logout", async () => {
    const factory = new IDBFactory();
    const persistence = createQueryPersistence({ factory });
    await persistence.save(seeded(), 7);

    const other = new QueryClient();
    expect(await persistence.restore(other, 8)).toBe(false);
    expect(other.getQueryData(queryKeys.books())).toBeUndefined();

    await persistence.keepOnly(8);
    expect(await persistence.restore(new QueryClient(), 7)).toBe(false);

    await persistence.save(seeded(), 8);
    await persistence.keepOnly(null);
    expect(await persistence.restore(new QueryClient(), 8)).toBe(false);
  });

  it('ignores a cache saved by another build or too long ago', async () => {
    const factory = new IDBFactory();
    let now = 1_000;
    await createQueryPersistence({ factory, buster: 'a', now: () => now }).save(seeded(), 7);

    const otherBuild = createQueryPersistence({ factory, buster: 'b', now: () => now });
    expect(await otherBuild.restore(new QueryClient(), 7)).toBe(false);
    now += QUERY_CACHE_MAX_AGE_MS + 1;
    const sameBuild = createQueryPersistence({ factory, buster: 'a', now: () => now });
    expect(await sameBuild.restore(new QueryClient(), 7)).toBe(false);
  });

  it('saves the current user’s cache as it changes (throttled)', async () => {
    const factory = new IDBFactory();
    const persistence = createQueryPersistence({ factory, throttleMs: 20 });
    const client = new QueryClient();
    const stop = persistence.follow(client, () => 7);

    client.setQueryData(queryKeys.books(), BOOKS);
    client.setQueryData(queryKeys.sales(), []);

    const reloaded = new QueryClient();
    await eventually(async () => {
      await persistence.restore(reloaded, 7);
      return reloaded.getQueryData(queryKeys.sales()) !== undefined;
    });
    stop();
    expect(reloaded.getQueryData(queryKeys.books())).toEqual(BOOKS);
  });
});
