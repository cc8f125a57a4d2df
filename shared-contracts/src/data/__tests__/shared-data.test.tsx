import { act, renderHook } from '@testing-library/react';
import { logout } from '../../session/logout';
import { setNavigator } from '../../session/navigation';
import { sessionStore, setCurrentUser } from '../../session/store';
import type { User } from '../../session/user';
import {
  loadSharedCollection,
  loadSharedData,
  resetSharedData,
  sharedBooksAtom,
  sharedDataAtoms,
  sharedDataStatusAtom,
  useSharedBooks,
  useSharedDataStatus,
  type SharedCollectionName,
} from '..';

type Answer = { status: number; body?: unknown } | Error | Promise<{ status: number; body?: unknown }>;

/** A fetch answering by path (query string included) and recording each request as `path?query`. */
function stubFetch(answer: (path: string) => Answer): string[] {
  const requests: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    requests.push(`${path}${url.search}`);
    const reply = await answer(path);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return requests;
}

/** What the reference server answers today: empty lists everywhere. */
function emptyAnswer(path: string): Answer {
  if (path === '/user/getuserbooks') return { status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [] } };
  return { status: 200, body: { statusCode: 0, results: [] } };
}

const value = <K extends SharedCollectionName>(name: K) => sessionStore.get(sharedDataAtoms[name]);
const status = (name: SharedCollectionName) => sessionStore.get(sharedDataStatusAtom)[name];

const BOOK = { id: 1, book_title: 'Karoo Nights', format_type: 'print' };
const ORDER = { order_id: 'T-1', product_title: 'Karoo Nights' };

beforeEach(() => {
  localStorage.clear();
  resetSharedData();
});

describe('loadSharedData', () => {
  it('calls the six shared loaders, the orders with skip=0&take=100', async () => {
    const requests = stubFetch(emptyAnswer);

    await loadSharedData();

    expect([...requests].sort()).toEqual([
      '/user/getallsale',
      '/user/getbookorders?skip=0&take=100',
      '/user/getuserbooks',
      '/user/pricinglist',
      '/user/quoteinfo',
      '/voiceover/getallvoiceoverartists',
    ]);
  });

  it('stores empty collections for empty answers and marks every one loaded', async () => {
    stubFetch(emptyAnswer);

    await loadSharedData();

    expect(value('books')).toEqual({ localBooks: [], internationalBooks: [] });
    for (const name of ['resources', 'sales', 'orders', 'voiceArtists', 'prices'] as const) {
      expect(value(name)).toEqual([]);
      expect(status(name)).toEqual({ loading: false, loaded: true, failed: false });
    }
  });

  it('reads results, result or the data itself', async () => {
    stubFetch((path) => {
      if (path === '/user/getuserbooks')
        return { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } };
      if (path === '/user/getallsale') return { status: 200, body: { statusCode: 0, result: [{ profit: 5 }] } };
      if (path === '/voiceover/getallvoiceoverartists') return { status: 200, body: [{ id: 3, name: 'Lerato' }] };
      if (path === '/user/getbookorders') return { status: 200, body: { statusCode: 0, results: [ORDER] } };
      return { status: 200, body: { statusCode: 0, results: [] } };
    });

    await loadSharedData();

    expect(value('books').localBooks).toEqual([BOOK]);
    expect(value('sales')).toEqual([{ profit: 5 }]);
    expect(value('voiceArtists')).toEqual([{ id: 3, name: 'Lerato' }]);
    expect(value('orders')).toEqual([ORDER]);
  });

  it.each([
    ['a 200 answer', 200],
    ['an error status', 404],
  ])('treats orders statusCode 11 as no orders (%s)', async (_case, httpStatus) => {
    stubFetch((path) =>
      path === '/user/getbookorders'
        ? { status: httpStatus, body: { statusCode: 11, description: 'No orders', results: [] } }
        : emptyAnswer(path),
    );

    await loadSharedData();

    expect(value('orders')).toEqual([]);
    expect(status('orders')).toEqual({ loading: false, loaded: true, failed: false });
  });

  it('swallows one failing call: that collection stays empty, the others load', async () => {
    stubFetch((path) => {
      if (path === '/user/getallsale') return { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
      if (path === '/user/pricinglist') return new TypeError('Failed to fetch');
      if (path === '/user/getuserbooks')
        return { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } };
      return emptyAnswer(path);
    });

    await expect(loadSharedData()).resolves.toBeUndefined();

    expect(value('sales')).toEqual([]);
    expect(status('sales')).toEqual({ loading: false, loaded: true, failed: true });
    expect(status('prices').failed).toBe(true);
    expect(value('books').localBooks).toEqual([BOOK]);
    expect(status('books')).toEqual({ loading: false, loaded: true, failed: false });
  });

  it('flags a collection as loading until its answer arrives, and shares one request', async () => {
    let answerBooks: (reply: { status: number; body?: unknown }) => void = () => {};
    const requests = stubFetch((path) =>
      path === '/user/getuserbooks'
        ? new Promise((resolve) => {
            answerBooks = resolve;
          })
        : emptyAnswer(path),
    );

    const first = loadSharedCollection('books');
    const second = loadSharedCollection('books');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(status('books')).toEqual({ loading: true, loaded: false, failed: false });
    expect(requests.filter((path) => path === '/user/getuserbooks')).toHaveLength(1);

    answerBooks({ status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [BOOK] } });
    await Promise.all([first, second]);

    expect(status('books')).toEqual({ loading: false, loaded: true, failed: false });
    expect(value('books').internationalBooks).toEqual([BOOK]);
  });
});

describe('clearing the shared data', () => {
  const thandi = { id: 7, email: 'thandi@example.co.za', name_first: 'Thandi', balance: 0 } as User;

  it('empties every collection when the user logs out', async () => {
    setCurrentUser(thandi);
    stubFetch((path) =>
      path === '/user/getuserbooks'
        ? { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } }
        : emptyAnswer(path),
    );
    await loadSharedData();
    expect(value('books').localBooks).toHaveLength(1);
    setNavigator(() => {});

    await logout();

    expect(value('books')).toEqual({ localBooks: [], internationalBooks: [] });
    expect(status('books')).toEqual({ loading: false, loaded: false, failed: false });
  });

  it('drops an answer that arrives after the user changed', async () => {
    setCurrentUser(thandi);
    let answerBooks: (reply: { status: number; body?: unknown }) => void = () => {};
    stubFetch(
      () =>
        new Promise((resolve) => {
          answerBooks = resolve;
        }),
    );
    const loading = loadSharedCollection('books');
    await new Promise((resolve) => setTimeout(resolve, 0));

    setCurrentUser({ ...thandi, id: 8 });
    answerBooks({ status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } });
    await loading;

    expect(sessionStore.get(sharedBooksAtom).localBooks).toEqual([]);
    expect(status('books').loaded).toBe(false);
  });

  it('keeps the data when the same user is only updated (a new balance)', async () => {
    setCurrentUser(thandi);
    stubFetch((path) =>
      path === '/user/getuserbooks'
        ? { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } }
        : emptyAnswer(path),
    );
    await loadSharedData();

    setCurrentUser({ ...thandi, balance: 250 });

    expect(value('books').localBooks).toEqual([BOOK]);
  });
});

describe('hooks', () => {
  it('re-render with the loaded books and their flags', async () => {
    stubFetch((path) =>
      path === '/user/getuserbooks'
        ? { status: 200, body: { statusCode: 0, localBooks: [BOOK], internationalBooks: [] } }
        : emptyAnswer(path),
    );
    const { result } = renderHook(() => ({ books: useSharedBooks(), status: useSharedDataStatus('books') }));
    expect(result.current.books.localBooks).toEqual([]);
    expect(result.current.status.loaded).toBe(false);

    await act(() => loadSharedData());

    expect(result.current.books.localBooks).toEqual([BOOK]);
    expect(result.current.status.loaded).toBe(true);
  });
});
