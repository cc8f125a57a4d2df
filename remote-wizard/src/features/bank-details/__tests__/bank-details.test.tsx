import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BANK_DETAILS_MESSAGES as B,
  LOCAL_BANKS,
  setCurrentUser,
  type User as PortalUser,
  Route,
  Routes,
} from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { BankDetailsScreen } from '../../../routes/bank-details';
import { readCompletedStages } from '../../../lib/completed-stages';
import { readDraft, writeDraft } from '../../../lib/draft-storage';
import { LOCKED_NOTE } from '../../../lib/saved-profile';

const thandi = (misc: object = {}): PortalUser =>
  ({
    id: 7,
    email: 'thandi@example.com',
    name_first: 'Thandi',
    name_last: 'Zulu',
    balance: 0,
    user_status: 1,
    initial_login: 1,
    misc: JSON.stringify(misc),
  }) as PortalUser;

type User = ReturnType<typeof userEvent.setup>;

function renderPage() {
  installFakeFetch(() => ({ status: 404 }));
  renderWithProviders(
    <Routes>
      <Route path="/new-book/bank-details" element={<BankDetailsScreen base="/new-book" />} />
      <Route path="/new-book/publisher-info" element={<p>Publisher info page</p>} />
      <Route path="/new-book/accept-terms" element={<p>Accept terms page</p>} />
    </Routes>,
    { route: '/new-book/bank-details', probe: true },
  );
  return userEvent.setup();
}

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const location = () => screen.getByTestId('location');
const confirmation = () => screen.queryByRole('dialog', { name: 'Confirm your bank details' });

async function fill(user: User, name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}

async function fillLocal(user: User) {
  await user.selectOptions(select('Bank name'), 'Capitec Bank Limited');
  await fill(user, 'Branch name', 'Sandton City');
  await fill(user, 'Account name', 'T Zulu');
  await user.selectOptions(select('Account type'), 'Savings');
  await fill(user, 'Account number', '1234567890');
}

async function fillInternational(user: User) {
  await user.click(radio('International account'));
  await fill(user, 'Bank address', '1 Bank Road, London');
  await fill(user, 'IBAN number', 'GB29 NWBK 6016 1331 9268 19');
  await fill(user, 'Swift code', 'NWBKGB2L');
}

beforeEach(() => {
  localStorage.clear();
  setCurrentUser(thandi());
});

afterEach(() => setCurrentUser(null));

describe('/new-book/bank-details, local account', () => {
  it('has its heading, the region toggle and the local fields', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Bank Details' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Bank account region' })).toBeInTheDocument();
    expect(radio('Local account')).toBeChecked();
    expect(radio('International account')).not.toBeChecked();
    const banks = within(select('Bank name')).getAllByRole('option').slice(1);
    expect(banks.map((option) => option.textContent)).toEqual(LOCAL_BANKS.map((bank) => bank.name));
    expect(
      within(select('Account type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select…', 'Cheque', 'Savings']);
    for (const name of ['Branch code', 'Branch name', 'Account name', 'Account number']) {
      expect(field(name)).toBeInTheDocument();
    }
    expect(screen.queryByRole('textbox', { name: 'IBAN number' })).not.toBeInTheDocument();
    expect(screen.queryByText(LOCKED_NOTE)).not.toBeInTheDocument();
  });

  it.each(LOCAL_BANKS.map((bank) => [bank.name, bank.branchCode]))(
    'fills the branch code of %s',
    async (name, code) => {
      const user = renderPage();
      await user.selectOptions(select('Bank name'), name);
      expect(field('Branch code')).toHaveValue(code);
    },
  );

  it('answers an empty form with every required message, focusing the first', async () => {
    const user = renderPage();
    await user.click(continueButton());

    expect(select('Bank name')).toHaveAccessibleDescription('Please enter your banks name');
    expect(field('Branch code')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter your banks branch code'),
    );
    expect(field('Branch name')).toHaveAccessibleDescription('Please enter your banks branch name');
    expect(field('Account name')).toHaveAccessibleDescription('Please enter your bank account name');
    expect(select('Account type')).toHaveAccessibleDescription('Please enter your bank account type');
    expect(field('Account number')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter your account number'),
    );
    await waitFor(() => expect(select('Bank name')).toHaveFocus());
    expect(confirmation()).not.toBeInTheDocument();
  });

  it.each([
    ['Branch code', '1', B.branchCodeInvalid],
    ['Branch name', 'Branch 5', B.branchNameInvalid],
    ['Account name', 'T', B.accountNameInvalid],
    ['Account number', '12-34', B.accountNumberInvalid],
  ])('answers %s %p with its message', async (name, typed, message) => {
    const user = renderPage();
    await fill(user, name, typed);
    await user.tab();
    expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('confirms before proceeding, and Cancel stays', async () => {
    const user = renderPage();
    await fillLocal(user);
    await user.click(continueButton());

    const dialog = confirmation()!;
    expect(dialog).toHaveTextContent('These exact details will be used to pay out your royalties');
    expect(dialog).toHaveTextContent('not responsible');
    expect(within(dialog).getByText('Capitec Bank Limited')).toBeInTheDocument();
    expect(within(dialog).getByText('470 010')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirmation()).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/bank-details');
    expect(readCompletedStages()).not.toContain('bank-details');
  });

  it('stores the details under calc_, marks the stage and goes to accept-terms on Proceed', async () => {
    const user = renderPage();
    await fillLocal(user);
    await user.click(continueButton());
    await user.click(within(confirmation()!).getByRole('button', { name: 'Proceed' }));

    expect(location()).toHaveTextContent('/new-book/accept-terms');
    expect(readCompletedStages()).toContain('bank-details');
    expect(readDraft('bankName', null)).toBe('Capitec Bank Limited');
    expect(readDraft('branchCode', null)).toBe('470 010');
    expect(readDraft('branchName', null)).toBe('Sandton City');
    expect(readDraft('accountName', null)).toBe('T Zulu');
    expect(readDraft('accountType', null)).toBe('Savings');
    expect(readDraft('accountNumber', null)).toBe('1234567890');
    expect(readDraft('isInternationalAccount', null)).toBe(false);
  });

  it('goes back to publisher-info on Back', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/publisher-info');
  });
});

describe('/new-book/bank-details, international account', () => {
  it('switches to the international fields', async () => {
    const user = renderPage();
    await user.click(radio('International account'));
    for (const name of ['Bank address', 'IBAN number', 'Swift code', 'Account name', 'Account number']) {
      expect(field(name)).toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox', { name: 'Bank name' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I have a PayPal account' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('answers an empty form with the required messages only', async () => {
    const user = renderPage();
    await user.click(radio('International account'));
    await user.click(continueButton());

    expect(field('Bank address')).toHaveAccessibleDescription('Please enter your bank address');
    expect(field('IBAN number')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter your banks IBAN number'),
    );
    expect(field('Swift code')).toHaveAccessibleDescription('Please enter your banks swift code');
    expect(field('Account name')).toHaveAccessibleDescription('Optional.');
    expect(field('Account number')).toHaveAccessibleDescription('Optional.');
    await waitFor(() => expect(field('Bank address')).toHaveFocus());
  });

  it.each([
    ['Bank address', 'Rd 1', B.bankAddressInvalid],
    ['IBAN number', 'GB-29', B.ibanInvalid],
    ['Swift code', 'NW BK', B.swiftInvalid],
    ['Account name', 'J', B.accountNameInvalid],
    ['Account number', 'ABC', B.accountNumberInvalid],
  ])('answers %s %p with its message', async (name, typed, message) => {
    const user = renderPage();
    await user.click(radio('International account'));
    await fill(user, name, typed);
    await user.tab();
    expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('asks for a valid PayPal address once the PayPal box is ticked', async () => {
    const user = renderPage();
    await fillInternational(user);
    await user.click(screen.getByRole('checkbox', { name: 'I have a PayPal account' }));
    await user.click(continueButton());
    expect(field('PayPal')).toHaveAccessibleDescription(expect.stringContaining('Please enter your paypal'));
    expect(confirmation()).not.toBeInTheDocument();

    await fill(user, 'PayPal', 'pay@me');
    await user.tab();
    expect(field('PayPal')).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid paypal'));

    await user.clear(field('PayPal'));
    await fill(user, 'PayPal', 'pay@me.com');
    await user.click(continueButton());
    expect(within(confirmation()!).getByText('pay@me.com')).toBeInTheDocument();
    await user.click(within(confirmation()!).getByRole('button', { name: 'Proceed' }));

    expect(location()).toHaveTextContent('/new-book/accept-terms');
    expect(readDraft('isInternationalAccount', null)).toBe(true);
    expect(readDraft('isPaypalAccount', null)).toBe(true);
    expect(readDraft('paypal', null)).toBe('pay@me.com');
    expect(readDraft('ibanNumber', null)).toBe('GB29 NWBK 6016 1331 9268 19');
    expect(readDraft('swiftCode', null)).toBe('NWBKGB2L');
    expect(readDraft('bankAddress', null)).toBe('1 Bank Road, London');
  });

  it('proceeds without account name, number or PayPal', async () => {
    const user = renderPage();
    await fillInternational(user);
    await user.click(continueButton());
    await user.click(within(confirmation()!).getByRole('button', { name: 'Proceed' }));
    expect(location()).toHaveTextContent('/new-book/accept-terms');
  });
});

describe('/new-book/bank-details with saved profile details', () => {
  it('locks the saved local details with the note, and the region with them', () => {
    setCurrentUser(
      thandi({
        bankInfo: {
          bank_name: 'Standard Bank of South Africa',
          brance_code: '051 011',
          account_name: 'T Zulu',
          account_type: 'Cheque',
          account_number: '123456789',
          branch_name: ' ',
          international_swift_code: ' ',
        },
      }),
    );
    renderPage();

    expect(screen.getByText(LOCKED_NOTE)).toBeInTheDocument();
    expect(radio('Local account')).toBeChecked();
    expect(radio('International account')).toBeDisabled();
    expect(field('Bank name')).toHaveValue('Standard Bank of South Africa');
    expect(field('Bank name')).toHaveAttribute('readonly');
    expect(field('Branch code')).toHaveValue('051 011');
    expect(field('Branch code')).toHaveAttribute('readonly');
    expect(field('Account type')).toHaveValue('Cheque');
    expect(field('Account type')).toHaveAttribute('readonly');
    expect(field('Account number')).toHaveAttribute('readonly');
    expect(field('Account number')).toHaveAccessibleDescription(expect.stringContaining(LOCKED_NOTE));
    expect(field('Branch name')).not.toHaveAttribute('readonly');
  });

  it('opens a saved international account on its fields, with PayPal ticked and locked', () => {
    setCurrentUser(
      thandi({
        bankInfo: {
          international_iban_number: 'GB29NWBK60161331926819',
          international_swift_code: 'NWBKGB2L',
          international_bank_address: '1 Bank Road, London',
          paypal: 'pay@me.com',
        },
      }),
    );
    renderPage();

    expect(radio('International account')).toBeChecked();
    expect(radio('Local account')).toBeDisabled();
    expect(field('IBAN number')).toHaveValue('GB29NWBK60161331926819');
    expect(field('IBAN number')).toHaveAttribute('readonly');
    expect(field('Swift code')).toHaveAttribute('readonly');
    expect(field('Bank address')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'I have a PayPal account' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I have a PayPal account' })).toBeDisabled();
    expect(field('PayPal')).toHaveValue('pay@me.com');
    expect(field('PayPal')).toHaveAttribute('readonly');
    expect(field('Account name')).not.toHaveAttribute('readonly');
  });

  it('starts from the stored draft', () => {
    writeDraft('isInternationalAccount', true);
    writeDraft('swiftCode', 'ABCDZAJJ');
    renderPage();
    expect(radio('International account')).toBeChecked();
    expect(field('Swift code')).toHaveValue('ABCDZAJJ');
  });
});
