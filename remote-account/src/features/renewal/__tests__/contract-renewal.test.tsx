import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AlertRegion,
  alertsAtom,
  getCurrentUser,
  hydrateSession,
  sessionStore,
  setCurrentUser,
  setTokens,
  type PdfRenderer,
  type RenewalBook,
  Route,
  Routes,
} from '@pod/shared-contracts';
import {
  drawOnPad,
  fakeJwt,
  fakeSignatureDataUrl,
  installFakeFetch,
  installFakeSignaturePad,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { PdfRendererContext } from '../../../components/pdf-renderer';
import { RenewalScreen } from '../../../routes/renewal';
import { ResignContractScreen } from '../../../routes/resign-contract';

installFakeSignaturePad();

const pdfData = (text: string) => btoa(`%PDF-1.7 ${text}`);
const ZULU: RenewalBook = {
  id: 7,
  book_title: 'Zulu Nights',
  format_type: 'print',
  is_international: 0,
  contract: pdfData('contract of Zulu Nights'),
};
const KAROO: RenewalBook = {
  id: 9,
  book_title: 'Karoo Skies',
  format_type: 'ebook',
  is_international: 1,
  contract: pdfData('contract of Karoo Skies'),
};
const USER = {
  id: 42,
  email: 'thandi@example.co.za',
  name_first: 'Thandi',
  name_last: 'Mokoena',
  balance: 100,
  initial_login: 1 as const,
};

/** The API: the renewal list (changed by the test), the re-sign answer and the profile. */
let renewals: RenewalBook[];
let resignAnswer: (request: RecordedRequest) => FakeAnswer;
let profileAnswer: FakeAnswer;
let calls: RecordedRequest[];
let drawn: string[];

/** A renderer that records the PDF text it was given and draws nothing. */
const renderer: PdfRenderer = async (data) => {
  drawn.push(new TextDecoder().decode(data));
  return { numPages: 2, renderPage: async () => {} };
};

function api(request: RecordedRequest): FakeAnswer {
  if (request.path === '/user/booksrenewal') return { status: 200, body: { statusCode: 0, results: renewals } };
  if (request.path.startsWith('/user/resign/')) return resignAnswer(request);
  if (request.path === '/user/viewuserinfo') return profileAnswer;
  return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
}

const resigned = (title: string): FakeAnswer => ({
  status: 200,
  body: { statusCode: 0, description: `Contract for book ${title} re-signed successfully.` },
});

function renderScreen(route = '/renewal', strict = false) {
  renderWithProviders(
    <PdfRendererContext.Provider value={renderer}>
      <AlertRegion />
      <Routes>
        <Route path="/renewal" element={<RenewalScreen />} />
        <Route path="/resign-contract" element={<ResignContractScreen />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </PdfRendererContext.Provider>,
    { route, probe: true, strict },
  );
  return userEvent.setup();
}

const location = () => screen.getByTestId('location').textContent;
const bookSelect = () => screen.getByRole('combobox', { name: 'Renewal Books' });
const terms = () => screen.getByRole('checkbox', { name: 'I accept the Terms & Conditions' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const resignCalls = () => calls.filter((call) => call.path.startsWith('/user/resign/'));
const renewalReads = () => calls.filter((call) => call.path === '/user/booksrenewal').length;

/** Chooses a book, accepts the terms, types the place and draws both pads. */
async function fillIn(user: ReturnType<typeof userEvent.setup>, title: string, place = ' Durban ') {
  await user.selectOptions(bookSelect(), title);
  await user.click(terms());
  await user.type(screen.getByRole('textbox', { name: 'Signed place' }), place);
  drawOnPad(screen.getByRole('img', { name: 'Signature, empty' }));
  drawOnPad(screen.getByRole('img', { name: 'Initials, empty' }));
}

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
  setTokens({ accessToken: fakeJwt(3600, { sub: '42', user_status: 2 }), refreshToken: fakeJwt(86_400) });
  setCurrentUser({ ...USER, user_status: 2 });
  Object.assign(URL, { createObjectURL: () => 'blob:http://localhost/contract', revokeObjectURL: () => {} });
  renewals = [ZULU, KAROO];
  resignAnswer = () => resigned('Zulu Nights');
  profileAnswer = { status: 200, body: { statusCode: 0, result: { ...USER, user_status: 1 } } };
  drawn = [];
  calls = installFakeFetch(api);
});

describe('the renewal screen (/renewal, /resign-contract)', () => {
  it('lists the books to re-sign, with nothing chosen and everything gated', async () => {
    renderScreen();

    expect(
      screen.getByRole('heading', { level: 1, name: 'There were changes to your contract for books' }),
    ).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading the books to re-sign' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Zulu Nights' })).toBeInTheDocument();
    expect(
      within(bookSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a book', 'Zulu Nights', 'Karoo Skies']);
    expect(bookSelect()).toHaveValue('');
    expect(terms()).toBeDisabled();
    expect(terms()).toHaveAccessibleDescription('Choose a book first.');
    expect(screen.getByRole('button', { name: 'Terms & Conditions' })).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'Contract preview' })).getByText(/Choose a book/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Signature' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Initials' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Renewal');
  });

  it('enables the terms once a book is chosen, previews its contract, and needs the terms and a signature to submit', async () => {
    const user = renderScreen();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Renewal Books' }), 'Karoo Skies');

    const preview = screen.getByRole('region', { name: 'Contract preview' });
    expect(await within(preview).findByRole('img', { name: 'Page 1 of Contract for Karoo Skies' })).toBeInTheDocument();
    expect(drawn).toEqual(['%PDF-1.7 contract of Karoo Skies']);
    expect(terms()).toBeEnabled();
    expect(submitButton()).toBeDisabled();

    await user.click(terms());
    expect(terms()).toBeChecked();
    expect(submitButton()).toBeDisabled();

    drawOnPad(screen.getByRole('img', { name: 'Signature, empty' }));
    expect(submitButton()).toBeEnabled();

    await user.click(terms());
    expect(submitButton()).toBeDisabled();
    await user.click(terms());

    // Another book's contract is accepted for itself.
    await user.selectOptions(bookSelect(), 'Zulu Nights');
    expect(terms()).not.toBeChecked();
    expect(submitButton()).toBeDisabled();
    expect(await within(preview).findByRole('img', { name: 'Page 1 of Contract for Zulu Nights' })).toBeInTheDocument();
  });

  it("opens the chosen book's contract in the viewer from 'Terms & Conditions'", async () => {
    const user = renderScreen();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Renewal Books' }), 'Zulu Nights');

    await user.click(screen.getByRole('button', { name: 'Terms & Conditions' }));

    const dialog = screen.getByRole('dialog', { name: 'Terms & Conditions' });
    expect(await within(dialog).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'contract-Zulu-Nights.pdf',
    );
    expect(drawn.filter((text) => text === '%PDF-1.7 contract of Zulu Nights')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names a missing signed place and missing initials, and sends nothing', async () => {
    const user = renderScreen();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Renewal Books' }), 'Zulu Nights');
    await user.click(terms());
    drawOnPad(screen.getByRole('img', { name: 'Signature, empty' }));

    await user.click(submitButton());

    const place = screen.getByRole('textbox', { name: 'Signed place' });
    expect(place).toHaveAccessibleDescription(expect.stringContaining('Please enter the signed place'));
    expect(place).toHaveAttribute('aria-invalid', 'true');
    expect(place).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Initials, empty' })).toHaveAccessibleDescription(
      'Please draw your initials',
    );

    await user.type(place, 'Durban');
    await user.click(submitButton());
    expect(place).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please draw your initials')).toBeVisible();
    expect(resignCalls()).toHaveLength(0);
  });

  it('sends the re-sign data for the chosen record, then alerts, clears the form and reloads the list', async () => {
    const user = renderScreen();
    await screen.findByRole('combobox', { name: 'Renewal Books' });
    expect(renewalReads()).toBe(1);
    await fillIn(user, 'Zulu Nights');
    renewals = [KAROO];
    // One book is left: the server keeps user_status 2.
    profileAnswer = { status: 200, body: { statusCode: 0, result: { ...USER, user_status: 2 } } };

    await user.click(submitButton());

    expect(await screen.findByText('Contract for book Zulu Nights re-signed successfully.')).toBeVisible();
    expect(resignCalls()).toHaveLength(1);
    expect(resignCalls()[0]).toMatchObject({
      method: 'PUT',
      path: '/user/resign/7/0',
      body: {
        filedata: fakeSignatureDataUrl('Signature'),
        initial_base64: fakeSignatureDataUrl('Initials'),
        signedPlace: 'Durban',
      },
    });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Zulu Nights' })).not.toBeInTheDocument());
    expect(renewalReads()).toBe(2);
    expect(bookSelect()).toHaveValue('');
    expect(terms()).not.toBeChecked();
    expect(terms()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toHaveValue('');
    expect(screen.getByRole('img', { name: 'Signature, empty' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Initials, empty' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(location()).toBe('/renewal');
    expect(getCurrentUser()?.user_status).toBe(2);
  });

  it("sends an international record's flag as b", async () => {
    resignAnswer = () => resigned('Karoo Skies');
    const user = renderScreen();
    await screen.findByRole('combobox', { name: 'Renewal Books' });
    await fillIn(user, 'Karoo Skies', 'Cape Town');

    await user.click(submitButton());

    expect(await screen.findByText('Contract for book Karoo Skies re-signed successfully.')).toBeVisible();
    expect(resignCalls()[0]).toMatchObject({ path: '/user/resign/9/1', body: { signedPlace: 'Cape Town' } });
  });

  it("shows the danger alert 'Failed to re-sign contract' on a failure and keeps what was entered", async () => {
    resignAnswer = () => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Failed to re-sign contract', code: 'VALIDATION' },
    });
    const user = renderScreen();
    await screen.findByRole('combobox', { name: 'Renewal Books' });
    await fillIn(user, 'Zulu Nights');

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to re-sign contract');
    expect(resignCalls()).toHaveLength(1);
    expect(bookSelect()).toHaveValue('0-7');
    expect(terms()).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toHaveValue(' Durban ');
    expect(screen.getByRole('img', { name: 'Signature, drawn' })).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(renewalReads()).toBe(1);
  });

  it('reloads the list when the renewal was closed meanwhile (404)', async () => {
    resignAnswer = () => ({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'There is no contract to re-sign for this book.' },
    });
    const user = renderScreen();
    await screen.findByRole('combobox', { name: 'Renewal Books' });
    await fillIn(user, 'Zulu Nights');
    renewals = [KAROO];

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to re-sign contract');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Zulu Nights' })).not.toBeInTheDocument());
    expect(bookSelect()).toHaveValue('');
    expect(terms()).toBeDisabled();
  });

  it('after the last re-signing, reads the user again (user_status 1) and goes to /dashboard, keeping the alert', async () => {
    renewals = [ZULU];
    const user = renderScreen();
    await screen.findByRole('combobox', { name: 'Renewal Books' });
    await fillIn(user, 'Zulu Nights');
    renewals = [];

    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(location()).toBe('/dashboard');
    expect(getCurrentUser()?.user_status).toBe(1);
    expect(calls.some((call) => call.path === '/user/viewuserinfo')).toBe(true);
    expect(screen.getByText('Contract for book Zulu Nights re-signed successfully.')).toBeVisible();
  });

  it('sets the stored user_status to 1 itself when the user cannot be read again (StrictMode)', async () => {
    renewals = [];
    profileAnswer = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    };
    renderScreen('/resign-contract', true);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(screen.queryByText(/There are no contracts left to re-sign/)).not.toBeInTheDocument();
    expect(getCurrentUser()).toMatchObject({ id: 42, user_status: 1 });
    expect(calls.filter((call) => call.path === '/user/viewuserinfo')).toHaveLength(1);
  });

  it('shows the error with Retry when the list cannot be read, and the form after a retry', async () => {
    let fail = true;
    calls = installFakeFetch((request) =>
      request.path === '/user/booksrenewal' && fail
        ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } }
        : api(request),
    );
    const user = renderScreen();

    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('combobox', { name: 'Renewal Books' })).toBeInTheDocument();
    expect(location()).toBe('/renewal');
  });
});

describe("the /resign-contract link's book", () => {
  it('is chosen when it is in the list (bookID, islocal inverted; secret ignored)', async () => {
    renderScreen('/resign-contract?bookID=9&secret=s3cr3t&islocal=0');

    expect(await screen.findByRole('combobox', { name: 'Renewal Books' })).toHaveValue('1-9');
    expect(screen.getByRole('option', { name: 'Karoo Skies', selected: true })).toBeInTheDocument();
    expect(terms()).toBeEnabled();
    expect(await screen.findByRole('img', { name: 'Page 1 of Contract for Karoo Skies' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Re-sign contract');
    expect(calls.map((call) => call.path)).toEqual(['/user/booksrenewal']);
  });

  it('is chosen by bookID alone when islocal is absent', async () => {
    renderScreen('/resign-contract?bookID=7');
    expect(await screen.findByRole('combobox', { name: 'Renewal Books' })).toHaveValue('0-7');
  });

  it('chooses nothing when the book is not in the list or the region differs', async () => {
    renderScreen('/resign-contract?bookID=7&islocal=false');
    expect(await screen.findByRole('combobox', { name: 'Renewal Books' })).toHaveValue('');
    expect(terms()).toBeDisabled();
  });
});
