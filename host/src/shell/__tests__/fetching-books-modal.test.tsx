import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@pod/shared-contracts';
import { installFakeApi, type FakeAnswer } from '../../test-support/fake-api';
import { renderApp, THANDI } from '../../test-support/render-app';

const ACTIVE = { ...THANDI, user_status: 1 } as User;
const BOOKS: FakeAnswer = { status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [] } };

/** The books call waits for `answer()`; every other call answers at once. */
function slowBooks() {
  let answer: () => void = () => {};
  installFakeApi((path) =>
    path === '/user/getuserbooks'
      ? new Promise<FakeAnswer>((resolve) => {
          answer = () => resolve(BOOKS);
        })
      : undefined,
  );
  return { answer: () => act(async () => answer()) };
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

const after = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

describe('the fetching-books modal', () => {
  it('appears when the first load of the books takes longer than 400 ms, and goes when they arrive', async () => {
    const books = slowBooks();
    renderApp('/books', { user: ACTIVE });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    await after(350);
    expect(screen.queryByRole('dialog', { name: 'Fetching your books' })).not.toBeInTheDocument();

    await after(100);
    const dialog = screen.getByRole('dialog', { name: 'Fetching your books' });
    expect(dialog).toContainElement(screen.getByRole('status', { name: 'Loading your books' }));

    await books.answer();
    // The query cache tells its observers on the next tick (a timer, under fake timers).
    await after(0);
    expect(screen.queryByRole('dialog', { name: 'Fetching your books' })).not.toBeInTheDocument();
  });

  it('never shows for a fast load', async () => {
    const books = slowBooks();
    renderApp('/dashboard', { user: ACTIVE });
    await screen.findByRole('heading', { name: 'remote_library/App at /dashboard' });

    await after(200);
    await books.answer();
    await after(1_000);

    expect(screen.queryByRole('dialog', { name: 'Fetching your books' })).not.toBeInTheDocument();
  });

  it('is not shown away from the books pages', async () => {
    slowBooks();
    renderApp('/orders', { user: ACTIVE });
    await screen.findByRole('heading', { name: 'remote_library/App at /orders' });

    await after(1_000);

    expect(screen.queryByRole('dialog', { name: 'Fetching your books' })).not.toBeInTheDocument();
  });

  it('can be hidden while the load goes on', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    slowBooks();
    renderApp('/books', { user: ACTIVE });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });
    await after(500);

    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await after(1_000);

    expect(screen.queryByRole('dialog', { name: 'Fetching your books' })).not.toBeInTheDocument();
  });
});
