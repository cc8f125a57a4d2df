import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PUBLISHER_DETAILS_MESSAGES as P,
  setCurrentUser,
  type User as PortalUser,
  Route,
  Routes,
} from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { PublisherInfoScreen } from '../../../routes/publisher-info';
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

function renderPage(route = '/new-book/publisher-info') {
  installFakeFetch(() => ({ status: 404 }));
  renderWithProviders(
    <Routes>
      <Route path="/new-book/publisher-info" element={<PublisherInfoScreen base="/new-book" />} />
      <Route path="/new-book/bank-details" element={<p>Bank details page</p>} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { route, probe: true },
  );
  return userEvent.setup();
}

const field = (name: string) => screen.getByRole('textbox', { name });
const box = (name: string) => screen.getByRole('checkbox', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const location = () => screen.getByTestId('location');

type User = ReturnType<typeof userEvent.setup>;

/** Types `text` into the field as one paste (a keystroke at a time is slow and tests nothing more here). */
async function fill(user: User, name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}

async function fillValid(user: User) {
  await fill(user, 'Publisher name', 'Ndlovu Books');
  await fill(user, 'Registration ID', '2019/123456/07');
  await fill(user, 'Physical address', '12 Long Street, Cape Town');
  await fill(user, 'Postal address', 'PO Box 12, Cape Town');
  await fill(user, 'Telephone', '82 123 4567');
  await fill(user, 'Email', 'books@ndlovu.co.za');
  await fill(user, 'Contact person', 'Thandi Zulu');
}

beforeEach(() => {
  localStorage.clear();
  setCurrentUser(thandi());
});

afterEach(() => setCurrentUser(null));

describe('/new-book/publisher-info', () => {
  it('has its heading, a label on every field and no lock note without saved details', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Publisher Details' })).toBeInTheDocument();
    for (const name of ['Publisher name', 'Registration ID', 'Physical address', 'Postal address', 'Email']) {
      expect(field(name)).not.toHaveAttribute('readonly');
    }
    expect(field('Contact person')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Telephone' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('South Africa +27');
    expect(box('Same as physical address')).not.toBeChecked();
    expect(box('I am a self-publisher')).not.toBeChecked();
    expect(screen.queryByText(LOCKED_NOTE)).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '44.44');
  });

  it('answers an empty form with every required message, focusing the first', async () => {
    const user = renderPage();
    await user.click(continueButton());

    expect(field('Publisher name')).toHaveAccessibleDescription('Please enter the publishers name');
    expect(field('Registration ID')).toHaveAccessibleDescription('Please enter the publishers registration ID');
    expect(field('Physical address')).toHaveAccessibleDescription('Please select the publishers physical address');
    expect(field('Postal address')).toHaveAccessibleDescription('Please select the publishers postal address');
    expect(field('Telephone')).toHaveAccessibleDescription('Please enter the publishers telephone number');
    expect(field('Email')).toHaveAccessibleDescription('Please enter the publishers email');
    expect(field('Contact person')).toHaveAccessibleDescription('Please enter the publishers contact person');
    await waitFor(() => expect(field('Publisher name')).toHaveFocus());
    expect(location()).toHaveTextContent('/new-book/publisher-info');
  });

  it('focuses the first field in error, not the first field', async () => {
    const user = renderPage();
    await fillValid(user);
    await user.clear(field('Email'));
    await fill(user, 'Email', 'books@ndlovu');
    await user.click(continueButton());

    await waitFor(() => expect(field('Email')).toHaveFocus());
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email');
  });

  it.each([
    ['Registration ID', 'A', P.regIdInvalid],
    ['Physical address', '1 St', P.physicalAddressInvalid],
    ['Postal address', 'Box', P.postalAddressInvalid],
    ['Email', 'books@ndlovu', P.emailInvalid],
    ['Contact person', 'Agent 007', P.contactPersonInvalid],
  ])('answers %s %p with its message', async (name, typed, message) => {
    const user = renderPage();
    await fill(user, name, typed);
    await user.tab();
    expect(field(name)).toHaveAccessibleDescription(message);
  });

  it('answers a short telephone number with its message', async () => {
    const user = renderPage();
    await user.click(field('Telephone'));
    await user.type(field('Telephone'), '123');
    await user.tab();
    expect(field('Telephone')).toHaveValue('+27123');
    expect(field('Telephone')).toHaveAccessibleDescription('Please enter a valid telephone number');
  });

  it('stores the details under calc_ and continues to bank-details', async () => {
    const user = renderPage();
    await fillValid(user);
    await user.click(continueButton());

    expect(location()).toHaveTextContent('/new-book/bank-details');
    expect(readDraft('publisherName', null)).toBe('Ndlovu Books');
    expect(readDraft('publisherRegId', null)).toBe('2019/123456/07');
    expect(readDraft('publisherPhysicalAddress', null)).toBe('12 Long Street, Cape Town');
    expect(readDraft('publisherPostalAddress', null)).toBe('PO Box 12, Cape Town');
    expect(readDraft('publisherTelephone', null)).toBe('+27821234567');
    expect(readDraft('publisherEmail', null)).toBe('books@ndlovu.co.za');
    expect(readDraft('publisherContactPerson', null)).toBe('Thandi Zulu');
    expect(readDraft('isSelfPublisher', null)).toBe(false);
    expect(readCompletedStages()).toContain('publisher-info');
  });

  it('starts from the stored draft, and reads Next once the stage is completed', () => {
    writeDraft('publisherName', 'Stored Press');
    writeDraft('completedSteps', ['publisher-info']);
    renderPage();
    expect(field('Publisher name')).toHaveValue('Stored Press');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('locks the saved profile values with the note, leaving blank ones editable', () => {
    setCurrentUser(
      thandi({
        publish_name: 'Zulu Press',
        reg_id_no: ' ',
        physical_address: '1 Main Road, Durban',
        telephone: '+27 31 123 4567',
        email: 'press@zulu.co.za',
        contact_person: 'Thandi Zulu',
        bankInfo: { bank_name: 'TymeBank' },
      }),
    );
    writeDraft('publisherName', 'Typed Before');
    renderPage();

    expect(screen.getByText(LOCKED_NOTE)).toBeInTheDocument();
    expect(field('Publisher name')).toHaveValue('Zulu Press');
    expect(field('Publisher name')).toHaveAttribute('readonly');
    expect(field('Publisher name')).toHaveAccessibleDescription(LOCKED_NOTE);
    expect(field('Physical address')).toHaveAttribute('readonly');
    expect(field('Email')).toHaveValue('press@zulu.co.za');
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('Contact person')).toHaveAttribute('readonly');
    expect(field('Telephone')).toHaveValue('+27311234567');
    expect(field('Telephone')).toHaveAttribute('readonly');
    expect(field('Registration ID')).not.toHaveAttribute('readonly');
    expect(field('Postal address')).not.toHaveAttribute('readonly');
  });

  it('prefills name, contact person and e-mail for a self-publisher, and empties them again', async () => {
    const user = renderPage();
    await user.click(box('I am a self-publisher'));
    expect(field('Publisher name')).toHaveValue('Thandi Zulu');
    expect(field('Contact person')).toHaveValue('Thandi Zulu');
    expect(field('Email')).toHaveValue('thandi@example.com');
    expect(readDraft('isSelfPublisher', null)).toBe(true);

    await user.type(field('Email'), '.za');
    await user.click(box('I am a self-publisher'));
    expect(field('Publisher name')).toHaveValue('');
    expect(field('Contact person')).toHaveValue('');
    expect(field('Email')).toHaveValue('thandi@example.com.za');
  });

  it('leaves a locked field alone when prefilling for a self-publisher', async () => {
    setCurrentUser(thandi({ publish_name: 'Zulu Press' }));
    const user = renderPage();
    await user.click(box('I am a self-publisher'));
    expect(field('Publisher name')).toHaveValue('Zulu Press');
    expect(field('Contact person')).toHaveValue('Thandi Zulu');
  });

  it('copies the physical address into the postal one and keeps them in step', async () => {
    const user = renderPage();
    await user.type(field('Physical address'), '12 Long Street');
    await user.click(box('Same as physical address'));
    expect(field('Postal address')).toHaveValue('12 Long Street');
    expect(field('Postal address')).toHaveAttribute('readonly');

    await user.type(field('Physical address'), ', Cape Town');
    expect(field('Postal address')).toHaveValue('12 Long Street, Cape Town');

    await user.click(box('Same as physical address'));
    expect(field('Postal address')).not.toHaveAttribute('readonly');
    await user.type(field('Physical address'), ' 8001');
    expect(field('Postal address')).toHaveValue('12 Long Street, Cape Town');
  });

  it('asks before going home on Back', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you wish to go back?' });
    expect(dialog).toHaveTextContent('book specifications are final and cannot be altered');
    expect(dialog).toHaveTextContent('the upload process must be started anew');

    await user.click(within(dialog).getByRole('button', { name: 'No, stay here' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/publisher-info');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Yes, take me home' }));
    expect(location()).toHaveTextContent('/dashboard');
  });
});

describe('a resume link to /new-book/publisher-info', () => {
  it('stores the book, marks the stages before it completed and takes the query off', async () => {
    writeDraft('title', 'Another book');
    writeDraft('localBookId', 5);
    renderPage('/new-book/publisher-info?continue=true&lbid=11&ibid=21&region=li');

    await waitFor(() => expect(location()).toHaveTextContent(/^\/new-book\/publisher-info$/));
    expect(readDraft('localBookId', null)).toBe(11);
    expect(readDraft('internationalBookId', null)).toBe(21);
    expect(readDraft('isLocal', null)).toBe(true);
    expect(readDraft('isInternational', null)).toBe(true);
    expect(readCompletedStages()).toEqual(['publishing-rights', 'general-info', 'calculator', 'confirm-details']);
    // Another book's draft is gone.
    expect(readDraft('title', null)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Publisher Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('keeps what was typed for the same book', async () => {
    writeDraft('localBookId', null);
    writeDraft('internationalBookId', 21);
    writeDraft('publisherName', 'Typed Press');
    renderPage('/new-book/publisher-info?continue=true&ibid=21&region=i');

    await waitFor(() => expect(location()).toHaveTextContent(/^\/new-book\/publisher-info$/));
    expect(field('Publisher name')).toHaveValue('Typed Press');
    expect(readDraft('isLocal', null)).toBe(false);
    expect(readDraft('isInternational', null)).toBe(true);
  });

  it('ignores a query that is no resume link', () => {
    renderPage('/new-book/publisher-info?continue=false&lbid=11');
    expect(location()).toHaveTextContent('/new-book/publisher-info?continue=false&lbid=11');
    expect(readDraft('localBookId', null)).toBeNull();
    expect(readCompletedStages()).toEqual([]);
  });
});
