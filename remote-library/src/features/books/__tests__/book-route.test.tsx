import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCurrentUser, type Book, type User } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import App, { preloadScreens } from '../../../app';

const ZULU: Book = {
  id: 11,
  book_title: 'Zulu Nights',
  format_type: 'ebook',
  misc: JSON.stringify({ status: 'pending' }),
};
const KAROO: Book = {
  id: 12,
  book_title: 'Karoo Sky',
  format_type: 'print',
  misc: JSON.stringify({ status: 'quote' }),
};
const ZULU_INTERNATIONAL: Book = { id: 21, book_title: 'Zulu Nights (world)', format_type: 'ebook', misc: '{}' };

/** jsdom has no matchMedia: every query matches on a narrow screen, none on a wide one. */
function screenWidth(narrow: boolean) {
  window.matchMedia = ((media: string) => ({
    media,
    matches: narrow,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

function renderAt(path: string) {
  renderWithProviders(<App />, { route: path, probe: true });
  return userEvent.setup();
}

const location = () => screen.getByTestId('location');
const bookButton = (title: string) =>
  screen.findByRole('button', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) });

beforeEach(() => {
  installFakeFetch(({ path }) =>
    path === '/user/getuserbooks'
      ? { status: 200, body: { statusCode: 0, localBooks: [ZULU, KAROO], internationalBooks: [ZULU_INTERNATIONAL] } }
      : { status: 404, body: { statusCode: 404, message: 'Not found' } },
  );
  setCurrentUser({ id: 7, name_first: 'Thandi', balance: 10, initial_login: 1 } as User);
});

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

// The screens are chunks of their own: fetched first, so the App shows them at once.
beforeAll(() => preloadScreens());

describe('a book of /books on a wide screen', () => {
  beforeEach(() => screenWidth(false));

  it('opens beside the list and gives the book its address', async () => {
    const user = renderAt('/books');

    await user.click(await bookButton('Zulu Nights'));

    expect(location()).toHaveTextContent('/books/local/11');
    expect(screen.getByRole('region', { name: 'Zulu Nights' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Books' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Local books' })).toBeInTheDocument();
    expect(await bookButton('Zulu Nights')).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens from its address, as after a reload, in its region', async () => {
    renderAt('/books/international/21');

    expect(await screen.findByRole('region', { name: 'Zulu Nights (world)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'International' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the region tab in the address without adding a book', async () => {
    const user = renderAt('/books/local/11');

    await user.click(await screen.findByRole('tab', { name: 'International' }));

    expect(location()).toHaveTextContent('/books?region=international');
    expect(screen.queryByRole('region', { name: 'Zulu Nights' })).not.toBeInTheDocument();
    expect(screen.getByText('Select a book to see its details.')).toBeInTheDocument();
  });

  it('says so when the address names a book that is not in the library', async () => {
    renderAt('/books/local/99');

    expect(await screen.findByText('This book is not in your library.')).toBeInTheDocument();
  });

  it('answers Page Not Found for an address that cannot name a book', () => {
    renderAt('/books/elsewhere/11');

    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('a book of /books on a narrow screen', () => {
  beforeEach(() => screenWidth(true));

  it('is a view of its own, with Back to books returning to the list', async () => {
    const user = renderAt('/books');

    await user.click(await bookButton('Karoo Sky'));

    expect(location()).toHaveTextContent('/books/local/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Karoo Sky' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Local books' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Books' })).not.toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Karoo Sky');

    await user.click(screen.getByRole('link', { name: 'Back to books' }));

    expect(location()).toHaveTextContent(/^\/books$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Books' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Local books' })).getAllByRole('button')).toHaveLength(2);
  });

  it('goes back to the tab of its region', async () => {
    const user = renderAt('/books/international/21');

    expect(await screen.findByRole('heading', { level: 1, name: 'Zulu Nights (world)' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to books' }));

    expect(location()).toHaveTextContent('/books?region=international');
    expect(await screen.findByRole('tab', { name: 'International' })).toHaveAttribute('aria-selected', 'true');
  });
});
