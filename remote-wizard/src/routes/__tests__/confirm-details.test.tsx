import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  estimateRoyalties,
  formatRand,
  formatUsd,
  setCurrentUser,
  toPriceConfig,
  type User,
  Route,
  Routes,
} from '@pod/shared-contracts';
import {
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { ConfirmDetailsScreen } from '../confirm-details';
import { readCompletedStages } from '../../lib/completed-stages';
import { readDraft } from '../../lib/draft-storage';
import { toEstimateInput, toRoyaltyDraft } from '../../features/royalty-widget/royalty-draft';
import { EMPTY_BOOK_DRAFT, writeBookDraft, type BookDraft } from '../../features/book-details/book-draft';
import { PRICES, PRINT_BODY, PRINT_BOOK, RESOURCES } from '../../features/book-details/__tests__/print-book-fixture';

const QUOTE_OK = {
  statusCode: 0,
  description: 'Successful',
  localRoyalty: 42.35,
  internationRoyalty: 2.1,
  totalCost: 1150,
  localBookId: 101,
  internationalBookId: 102,
  bookID: 101,
};

const thandi = (overrides: Partial<User> = {}): User =>
  ({
    id: 7,
    email: 'thandi@example.com',
    name_first: 'Thandi',
    name_last: 'Zulu',
    balance: 0,
    user_status: 1,
    initial_login: 0,
    ...overrides,
  }) as User;

let answerQuote: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let log: RecordedRequest[];

const quoteCalls = () => log.filter((request) => request.path === '/user/getquote');
const location = () => screen.getByTestId('location');
const confirm = () => screen.getByRole('button', { name: 'Confirm' });
/** The value shown for a label of the summary (a <dt>/<dd> pair). */
const valueOf = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

function renderPage(draft: Partial<BookDraft> = PRINT_BOOK, route = '/new-book/confirm-details') {
  writeBookDraft({ ...EMPTY_BOOK_DRAFT, ...draft });
  const base = route.startsWith('/my-first-book') ? '/my-first-book' : '/new-book';
  renderWithProviders(
    <Routes>
      <Route path={`${base}/confirm-details`} element={<ConfirmDetailsScreen base={base} />} />
      <Route path={`${base}/general-info`} element={<p>General info page</p>} />
      <Route path={`${base}/calculator`} element={<p>Calculator page</p>} />
      <Route path={`${base}/e-book`} element={<p>eBook page</p>} />
      <Route path={`${base}/publisher-info`} element={<p>Publisher info page</p>} />
    </Routes>,
    { route, probe: true },
  );
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.clear();
  setCurrentUser(thandi());
  answerQuote = () => ({ status: 200, body: QUOTE_OK });
  log = installFakeFetch((request) => {
    if (request.path === '/user/quoteinfo') return { status: 200, body: { statusCode: 0, results: RESOURCES } };
    if (request.path === '/user/pricinglist') return { status: 200, body: { statusCode: 0, results: [PRICES] } };
    if (request.path === '/user/getquote') return answerQuote(request);
    if (request.path === '/user/viewuserinfo') return { status: 200, body: { statusCode: 0, result: thandi() } };
    return { status: 404 };
  });
});

afterEach(() => setCurrentUser(null));

describe('/new-book/confirm-details (book details, page 3)', () => {
  it('shows the draft with the names an author knows, and remembers page 3', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '33.33');
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm specifications' })).toBeInTheDocument();
    expect(readDraft('detailsPage', null)).toBe(3);

    expect(valueOf('Format')).toBe('Print');
    expect(valueOf('Title')).toBe('Stars over Limpopo');
    expect(valueOf('Sales region')).toBe('Local and International');
    expect(valueOf('Genre')).toBe('FICTION / Romance / General (FIC027000)');
    expect(valueOf('ISBN')).toBe('9780306406157');
    expect(valueOf('Contributors')).toBe('Jo Bloggs (Editor)');
    expect(valueOf('Pages')).toBe('240');
    expect(valueOf('Size')).toBe('A5 (210 x 148 mm)');
    expect(valueOf('Orientation')).toBe('Portrait');
    expect(valueOf('Colour')).toBe('Black and white');
    expect(valueOf('Cover finish')).toBe('Matt');
    expect(valueOf('Local paper type')).toBe('80gsm Bond (B&W)');
    expect(valueOf('Local cover type')).toBe('Paperback (Perfect Bound)');
    expect(valueOf('International paper type')).toBe('Standard B&W Cream 50#');
    // None chosen: the fallback cover type 7 (spec section 9), by name.
    expect(valueOf('International cover type')).toBe('Paperback (Perfect Bound)');
    expect(valueOf('Local price')).toBe('R 249.00');
    expect(valueOf('International price')).toBe('USD 14.99');
    expect(valueOf('Extras')).toBe('Spot UV');
  });

  it("shows the shared engine's royalty estimate per region, R for local and USD for international", async () => {
    renderPage();
    const royalties = await screen.findByRole('region', { name: 'Estimated royalties' });
    const input = toEstimateInput(toRoyaltyDraft({ ...PRINT_BOOK, internationalCoverPaperType: '7' }), RESOURCES);
    const estimate = input && estimateRoyalties(input, toPriceConfig(PRICES));
    if (!estimate || estimate.statusCode !== 0 || !estimate.local || !estimate.international)
      throw new Error('no estimate');
    await waitFor(() => expect(valueOf('Local', royalties)).toBe(formatRand(estimate.local?.royalty)));
    expect(valueOf('Local', royalties)).toMatch(/^R -?[\d ]+\.\d{2}$/);
    expect(valueOf('International', royalties)).toBe(formatUsd(estimate.international.royalty));
    expect(valueOf('International', royalties)).toMatch(/^USD -?[\d ]+\.\d{2}$/);
  });

  it('names an ISBN to be registered and a custom size', async () => {
    renderPage({ ...PRINT_BOOK, isbnNumber: '', isbnNumberNeeded: true, size: 'custom', height: '200', width: '130' });
    await screen.findByRole('heading', { level: 2, name: 'Confirm specifications' });
    expect(valueOf('ISBN')).toBe('ISBN to be registered (R250)');
    expect(valueOf('Size')).toBe('Custom 200 x 130 mm');
  });

  it('opens page 1 when the draft has no format', () => {
    renderPage({ ...PRINT_BOOK, bookFormat: undefined });
    expect(location()).toHaveTextContent('/new-book/general-info');
    expect(readDraft('detailsPage', null)).toBeNull();
  });

  it('posts exactly the quote body of the draft on Confirm', async () => {
    const user = renderPage({ ...PRINT_BOOK, isbnNumber: '978-0306 406157' });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(quoteCalls()).toHaveLength(1));
    expect(quoteCalls()[0]).toMatchObject({ method: 'POST', body: PRINT_BODY });
  });

  it('stores the ids, royalties and total cost, records the stage, refreshes the user and opens publisher-info', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/publisher-info'));
    expect(readDraft('localBookId', null)).toBe(101);
    expect(readDraft('internationalBookId', null)).toBe(102);
    expect(readDraft('royalties', null)).toEqual({ localRoyalty: 'R 42.35', internationalRoyalty: 'USD 2.10' });
    expect(readDraft('totalCost', null)).toBe(1150);
    expect(readCompletedStages()).toContain('confirm-details');
    await waitFor(() => expect(log.some((request) => request.path === '/user/viewuserinfo')).toBe(true));
  });

  it('keeps an eBook international only, with no local royalty stored', async () => {
    answerQuote = () => ({
      status: 200,
      body: {
        statusCode: 0,
        localRoyalty: null,
        internationRoyalty: 1.4,
        totalCost: 343.85,
        internationalBookId: 55,
        bookID: 55,
      },
    });
    const user = renderPage({
      ...EMPTY_BOOK_DRAFT,
      title: 'Digital Dawn',
      bookFormat: 'ebook',
      author: 'Thandi Zulu',
      isLocal: false,
      genre: '2',
      isbnNumber: '9780306406157',
      numPages: '120',
      internationalBookPrice: '4.99',
    });
    await screen.findByRole('heading', { level: 2, name: 'Confirm specifications' });
    expect(valueOf('Format')).toBe('eBook');
    expect(valueOf('Author')).toBe('Thandi Zulu');
    expect(valueOf('Sales region')).toBe('International');
    expect(screen.queryByText('Local price', { selector: 'dt' })).not.toBeInTheDocument();
    await user.click(confirm());
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/publisher-info'));
    expect(quoteCalls()[0]?.body).toMatchObject({ format_type: 'ebook', is_local: false, local_price: null });
    expect(readDraft('localBookId', undefined)).toBeNull();
    expect(readDraft('internationalBookId', null)).toBe(55);
    expect(readDraft('royalties', null)).toEqual({ localRoyalty: '', internationalRoyalty: 'USD 1.40' });
  });

  it('shows the ISBN alert on a 409 ISBN_EXISTS and stays', async () => {
    answerQuote = () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'The provided ISBN is already in use. Please select a different ISBN',
        code: 'ISBN_EXISTS',
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The provided ISBN is already in use. Please select a different ISBN',
    );
    expect(location()).toHaveTextContent('/new-book/confirm-details');
    expect(readDraft('localBookId', null)).toBeNull();
    expect(readCompletedStages()).not.toContain('confirm-details');
    expect(confirm()).toBeEnabled();
  });

  it("shows 'Something went wrong' on a 500", async () => {
    answerQuote = () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Something went wrong$/);
    expect(location()).toHaveTextContent('/new-book/confirm-details');
  });

  it("adds the server's reason under 'Something went wrong' on a 400 VALIDATION", async () => {
    answerQuote = () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Estimated royals cannot be a negative amount.',
        code: 'VALIDATION',
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Estimated royals cannot be a negative amount.');
  });

  it.each([
    ['first name', { name_first: '', firstname: undefined }],
    ['last name', { name_last: ' ' }],
    ['e-mail', { email: '' }],
  ])("shows 'Something went wrong' without asking when the user has no %s", async (_, missing) => {
    setCurrentUser(thandi(missing as Partial<User>));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(quoteCalls()).toHaveLength(0);
    expect(location()).toHaveTextContent('/new-book/confirm-details');
  });

  it('sends one quote however fast Confirm is clicked, and disables it meanwhile', async () => {
    const held = deferred<FakeAnswer>();
    answerQuote = () => held.promise;
    renderPage();
    const button = await screen.findByRole('button', { name: 'Confirm' });
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(quoteCalls()).toHaveLength(1));
    expect(confirm()).toBeDisabled();
    expect(confirm()).toHaveAttribute('aria-busy', 'true');
    await act(async () => held.resolve({ status: 200, body: QUOTE_OK }));
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/publisher-info'));
    expect(quoteCalls()).toHaveLength(1);
  });

  it("goes Back to the format's page 2 and remembers page 2", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/calculator');
    expect(readDraft('detailsPage', null)).toBe(2);
    expect(quoteCalls()).toHaveLength(0);
  });

  it('goes Back to the eBook calculator under the base path it was entered by', async () => {
    const user = renderPage({ ...PRINT_BOOK, bookFormat: 'ebook', isLocal: false }, '/my-first-book/confirm-details');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/my-first-book/e-book');
  });

  it('never saves a second quote for a draft whose quote is saved: Next goes on to publisher-info', async () => {
    localStorage.setItem('calc_localBookId', '101');
    const user = renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('The quote for this book is saved');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toHaveTextContent('/new-book/publisher-info');
    expect(quoteCalls()).toHaveLength(0);
  });
});
