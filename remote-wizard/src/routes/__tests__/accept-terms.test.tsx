import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCurrentUser, type User, Route, Routes } from '@pod/shared-contracts';
import {
  drawOnPad,
  fakeSignatureDataUrl,
  FakeSignaturePadEngine,
  installFakeFetch,
  installFakeSignaturePad,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { AcceptTermsScreen } from '../accept-terms';
import { readCompletedStages } from '../../lib/completed-stages';
import { readDraft, writeDraft } from '../../lib/draft-storage';
import type { BasePath } from '../../lib/stages';

installFakeSignaturePad();

const MISSING = 'Before proceeding we need you to enter your location and your signature or initials.';
const CONTRACT_FAILURE = 'Something went wrong while fetching this books contract.';
const SIGNATURE = fakeSignatureDataUrl('Signature');
const INITIALS = fakeSignatureDataUrl('Initials');
const SUCCESS = { status: 200, body: { statusCode: 0, description: 'Successful' } };

const thandi = {
  id: 7,
  email: 'thandi@example.com',
  name_first: 'Thandi',
  name_last: 'Zulu',
  balance: 0,
  user_status: 1,
  initial_login: 0,
} as User;

/** The draft the quote, publisher and bank steps leave behind (spec section 3 names). */
const DRAFT: Record<string, unknown> = {
  bookFormat: 'print',
  localBookId: 101,
  internationalBookId: 102,
  contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
  publisherName: 'Ukhozi Press',
  publisherRegId: '2019/123456/07',
  publisherPhysicalAddress: '12 Florida Road, Durban',
  publisherPostalAddress: 'PO Box 55, Durban',
  publisherTelephone: '+27821234567',
  publisherEmail: 'books@ukhozi.example',
  publisherContactPerson: 'Thandi Zulu',
  isSelfPublisher: false,
  bankName: 'Capitec Bank Limited',
  branchCode: '470 010',
  branchName: '',
  accountName: 'Ukhozi Press',
  accountType: 'Cheque',
  accountNumber: '1234567890',
  isInternationalAccount: false,
  isPaypalAccount: false,
};

/** What Continue must send for DRAFT signed in Durban (portal.yaml SignedContractPayload). */
const PAYLOAD = {
  local_bookId: 101,
  international_bookId: 102,
  filedata: SIGNATURE,
  initial_base64: INITIALS,
  signed_place: 'Durban',
  print_name: 'Thandi Zulu',
  publish_name: 'Ukhozi Press',
  reg_id_no: '2019/123456/07',
  physical_address: '12 Florida Road, Durban',
  postal_address: 'PO Box 55, Durban',
  telephone: '+27821234567',
  email: 'books@ukhozi.example',
  contact_person: 'Thandi Zulu',
  is_self_publisher: false,
  bank_name: 'Capitec Bank Limited',
  brance_code: '470 010',
  branch_name: 'N/A',
  account_name: 'Ukhozi Press',
  account_type: 'Cheque',
  account_number: '1234567890',
  international_bank_address: null,
  international_iban_number: null,
  international_swift_code: null,
  paypal: null,
  authors: null,
  contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
};

let answers: Record<string, (request: RecordedRequest) => FakeAnswer>;
let log: RecordedRequest[];

const calls = (path: string) => log.filter((request) => request.path === path);
const posts = () => log.filter((request) => request.method === 'POST').map((request) => request.path);
const location = () => screen.getByTestId('location');
const continueButton = (name = 'Continue') => screen.getByRole('button', { name });

function renderPage({
  base = '/new-book',
  completed = [] as string[],
  draft = {} as Record<string, unknown>,
}: { base?: BasePath; completed?: string[]; draft?: Record<string, unknown> } = {}) {
  for (const [name, value] of Object.entries({ ...DRAFT, ...draft })) writeDraft(name, value);
  writeDraft('completedSteps', ['publishing-rights', 'general-info', 'calculator', 'confirm-details', ...completed]);
  renderWithProviders(
    <Routes>
      <Route path={`${base}/accept-terms`} element={<AcceptTermsScreen base={base} />} />
      <Route path={`${base}/contract`} element={<p>Check your email page</p>} />
      <Route path={`${base}/submission-complete`} element={<p>Submission complete page</p>} />
    </Routes>,
    { route: `${base}/accept-terms`, probe: true },
  );
  return userEvent.setup();
}

/** Both pads, once their engines have loaded. */
async function pads() {
  await waitFor(() => expect(FakeSignaturePadEngine.instances).toHaveLength(2));
  return {
    signature: screen.getByRole('img', { name: /^Signature, / }),
    initials: screen.getByRole('img', { name: /^Initials, / }),
  };
}

/** Ticks the terms, types the place and draws both pads. */
async function signEverything(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  await user.type(screen.getByRole('textbox', { name: 'Signed place' }), 'Durban');
  const { signature, initials } = await pads();
  act(() => drawOnPad(signature));
  act(() => drawOnPad(initials));
}

beforeEach(() => {
  localStorage.clear();
  FakeSignaturePadEngine.instances = [];
  setCurrentUser(thandi);
  answers = {
    '/user/saveusersignature': () => SUCCESS,
    '/user/uploadsignature': () => SUCCESS,
    '/user/uploadsignatureappendix': () => SUCCESS,
    '/user/viewcontract': () => ({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }),
  };
  log = installFakeFetch((request) => answers[request.path]?.(request) ?? { status: 404 });
});

afterEach(() => setCurrentUser(null));

describe('/new-book/accept-terms (Accept Terms and Sign)', () => {
  it('shows the heading, the fields and both pads; Continue is disabled until the terms are accepted', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Accept Terms and Sign' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View contract' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Print name' })).toHaveValue('Thandi Zulu');
    expect(
      within(screen.getByRole('group', { name: 'Signature' })).getByRole('button', { name: 'Clear' }),
    ).toBeEnabled();
    expect(
      within(screen.getByRole('group', { name: 'Initials' })).getByRole('img', { name: 'Initials, empty' }),
    ).toBeInTheDocument();
    await pads();

    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    expect(continueButton()).toBeEnabled();
    expect(readDraft('acceptTerms', null)).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    expect(continueButton()).toBeDisabled();
  });

  it('opens the missing-sign-data modal without a signed place, and marks the place', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    const { signature, initials } = await pads();
    act(() => drawOnPad(signature));
    act(() => drawOnPad(initials));
    await user.click(continueButton());

    const dialog = screen.getByRole('dialog', { name: 'Before you continue' });
    expect(dialog).toHaveTextContent(MISSING);
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toHaveAccessibleDescription(
      'The town or city where you sign. Please enter the signed place',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('opens the modal while either pad is empty: both the signature and the initials are needed', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.type(screen.getByRole('textbox', { name: 'Signed place' }), 'Durban');
    const { signature, initials } = await pads();

    act(() => drawOnPad(signature));
    await user.click(continueButton());
    expect(screen.getByRole('dialog', { name: 'Before you continue' })).toHaveTextContent(MISSING);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    act(() => drawOnPad(initials));
    await user.click(within(screen.getByRole('group', { name: 'Signature' })).getByRole('button', { name: 'Clear' }));
    await user.click(continueButton());
    expect(screen.getByRole('dialog', { name: 'Before you continue' })).toHaveTextContent(MISSING);
    expect(screen.getByRole('textbox', { name: 'Signed place' })).not.toHaveAccessibleDescription(
      expect.stringContaining('Please enter the signed place'),
    );
    expect(posts()).toEqual([]);
  });

  it('saves the signature, sends the signed-contract payload and opens Check Your Email on the first pass', async () => {
    const user = renderPage();
    await signEverything(user);
    await user.click(continueButton());

    await waitFor(() => expect(location()).toHaveTextContent('/new-book/contract'));
    expect(posts()).toEqual(['/user/saveusersignature', '/user/uploadsignature']);
    expect(calls('/user/saveusersignature')[0]?.body).toEqual({ fileData: SIGNATURE });
    expect(calls('/user/uploadsignature')[0]?.body).toEqual(PAYLOAD);
    expect(readCompletedStages()).toContain('accept-terms');
    // The book's stage moved on: the books and the user are read again (rule contractSigned).
    await waitFor(() => expect(calls('/user/viewuserinfo')).toHaveLength(1));
    expect(readDraft('signedPlace', null)).toBe('Durban');
    expect(readDraft('signature', null)).toBe(SIGNATURE);
    expect(readDraft('initials', null)).toBe(INITIALS);
  });

  it('signs the appendix on the second pass and ends at submission-complete', async () => {
    const user = renderPage({ completed: ['publisher-info', 'bank-details', 'accept-terms', 'contract'] });
    await signEverything(user);
    await user.click(continueButton('Next'));

    await waitFor(() => expect(location()).toHaveTextContent('/new-book/submission-complete'));
    expect(posts()).toEqual(['/user/saveusersignature', '/user/uploadsignatureappendix']);
    expect(calls('/user/uploadsignatureappendix')[0]?.body).toEqual(PAYLOAD);
  });

  it('ends a /my-first-book first pass at submission-complete', async () => {
    const user = renderPage({ base: '/my-first-book' });
    await signEverything(user);
    await user.click(continueButton());

    await waitFor(() => expect(location()).toHaveTextContent('/my-first-book/submission-complete'));
    expect(calls('/user/uploadsignature')).toHaveLength(1);
    expect(calls('/user/uploadsignatureappendix')).toHaveLength(0);
    expect(readCompletedStages()).toContain('accept-terms');
  });

  it.each([
    [
      'a first pass answered with a statusCode other than 0',
      [],
      '/user/uploadsignature',
      { status: 200, body: { statusCode: 1, description: 'Successful' } },
    ],
    [
      'a refused first pass',
      [],
      '/user/uploadsignature',
      { status: 409, body: { statusCode: 409, message: 'Already signed' } },
    ],
    [
      'a failed signature save',
      [],
      '/user/saveusersignature',
      { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    ],
    [
      'a second pass answered without Successful',
      ['accept-terms'],
      '/user/uploadsignatureappendix',
      { status: 200, body: { statusCode: 0, description: 'Failed' } },
    ],
  ] as const)('shows the danger alert after %s and stays', async (_name, completed, path, answer) => {
    answers[path] = () => answer;
    const user = renderPage({ completed: [...completed] });
    await signEverything(user);
    await user.click(continueButton(completed.length ? 'Next' : 'Continue'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(location()).toHaveTextContent('/new-book/accept-terms');
    expect(readCompletedStages().includes('accept-terms')).toBe(completed.length > 0);
    expect(continueButton(completed.length ? 'Next' : 'Continue')).toBeEnabled();
  });

  it('shows the contract fetch failure in a modal, asking for the draft’s records', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'View contract' }));

    const dialog = screen.getByRole('dialog', { name: 'Contract' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONTRACT_FAILURE);
    expect(calls('/user/viewcontract')).toEqual([
      expect.objectContaining({ method: 'GET', query: { local_bookId: '101', international_bookId: '102' } }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the same modal for an empty contract and leaves out a region without a record', async () => {
    answers['/user/viewcontract'] = () => ({ status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const user = renderPage({ draft: { localBookId: null } });
    await user.click(screen.getByRole('button', { name: 'View contract' }));
    expect(await within(screen.getByRole('dialog', { name: 'Contract' })).findByRole('alert')).toHaveTextContent(
      CONTRACT_FAILURE,
    );
    expect(calls('/user/viewcontract')[0]?.query).toEqual({ international_bookId: '102' });
  });

  it('keeps the terms, the place, the print name and both drawings over a reload', async () => {
    writeDraft('acceptTerms', true);
    writeDraft('signedPlace', 'Pietermaritzburg');
    writeDraft('printName', 'T. Zulu');
    writeDraft('signature', SIGNATURE);
    writeDraft('initials', INITIALS);
    const user = renderPage();

    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Signed place' })).toHaveValue('Pietermaritzburg');
    expect(screen.getByRole('textbox', { name: 'Print name' })).toHaveValue('T. Zulu');
    expect(screen.getByRole('img', { name: 'Signature, drawn' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Initials, drawn' })).toBeInTheDocument();
    await waitFor(() =>
      expect(FakeSignaturePadEngine.instances.map((pad) => pad.restored)).toEqual([SIGNATURE, INITIALS]),
    );

    await user.click(continueButton());
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/contract'));
    expect(calls('/user/uploadsignature')[0]?.body).toMatchObject({
      filedata: SIGNATURE,
      initial_base64: INITIALS,
      signed_place: 'Pietermaritzburg',
      print_name: 'T. Zulu',
    });
  });
});
