import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOK_DETAILS_MESSAGES as M, Route, Routes } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { GeneralInfoScreen } from '../../../routes/general-info';

const GENRES = [
  { group: 'genres', id: 1, SubjectHeading: 'FICTION / General', bisac: 'FIC000000' },
  { group: 'genres', id: 2, SubjectHeading: 'FICTION / Romance / General', bisac: 'FIC027000' },
  { group: 'genres', id: 3, SubjectHeading: 'HISTORY / Africa / South', bisac: 'HIS001030' },
];

function renderPage({ isbnFree = true }: { isbnFree?: boolean } = {}) {
  const log = installFakeFetch((request) =>
    request.path === '/user/getvalidisbn'
      ? { status: 200, body: { statusCode: 200, isValid: isbnFree } }
      : { status: 200, body: { statusCode: 0, results: GENRES } },
  );
  const view = renderWithProviders(
    <Routes>
      <Route path="/new-book/general-info" element={<GeneralInfoScreen base="/new-book" />} />
      <Route path="/new-book/calculator" element={<p>Calculator page</p>} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { route: '/new-book/general-info', probe: true },
  );
  return { log, view, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const box = (name: string) => screen.getByRole('checkbox', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const role = () => screen.getByRole('combobox', { name: 'Contributor role' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const location = () => screen.getByTestId('location');

async function fillValidPrintBook(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Title'), 'The Long Road');
  await user.click(radio('Print'));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Subject heading' }), 'FICTION');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sub-category' }), 'Romance / General (FIC027000)');
  await user.type(field('ISBN'), '9780306406157');
}

beforeEach(() => localStorage.clear());

describe('/new-book/general-info (book details, page 1)', () => {
  it('has its heading, and a label on every field', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    for (const name of ['Title', 'ISBN', 'Contributor name']) expect(field(name)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Contributor role' })).toBeInTheDocument();
    for (const name of ['Print', 'eBook', 'Audiobook']) expect(radio(name)).toBeInTheDocument();
    for (const name of ['Local', 'International', 'I need an ISBN']) expect(box(name)).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'FICTION' })).toBeInTheDocument();
  });

  it('answers an empty page with the spec messages and stays', async () => {
    const { user } = renderPage();
    await user.click(box('Local'));
    await user.click(box('International'));
    await user.click(continueButton());

    expect(field('Title')).toHaveAccessibleDescription(M.titleRequired);
    expect(screen.getByRole('group', { name: 'Format' })).toHaveTextContent(M.format);
    expect(screen.getByRole('group', { name: 'Sales region' })).toHaveTextContent(M.region);
    expect(screen.getByRole('combobox', { name: 'Sub-category' })).toHaveAccessibleDescription(M.genre);
    expect(field('ISBN')).toHaveAccessibleDescription(M.isbnMissing);
    expect(location()).toHaveTextContent('/new-book/general-info');
  });

  it.each([
    ['ab', M.titleShort],
    ['x'.repeat(50), M.titleLong],
  ])('answers the title %p with its message', async (title, message) => {
    const { user } = renderPage();
    await user.type(field('Title'), title);
    await user.tab();
    expect(field('Title')).toHaveAccessibleDescription(message);
  });

  it('asks an eBook for a valid author and sells it internationally only', async () => {
    const { user } = renderPage();
    await user.click(radio('eBook'));

    expect(box('Local')).not.toBeChecked();
    expect(box('Local')).toBeDisabled();
    expect(box('International')).toBeChecked();

    await user.click(continueButton());
    expect(field('eBook author')).toHaveAccessibleDescription(M.authorRequired);
    await user.type(field('eBook author'), 'R2-D2 #1');
    expect(field('eBook author')).toHaveAccessibleDescription(M.authorInvalid);
    expect(screen.getByRole('group', { name: 'Sales region' })).not.toHaveTextContent(M.region);
  });

  it('lets a print book toggle both regions', async () => {
    const { user } = renderPage();
    await user.click(radio('Print'));
    await user.click(box('Local'));
    expect(box('Local')).not.toBeChecked();
    expect(box('International')).toBeEnabled();
    await user.click(box('Local'));
    expect(box('Local')).toBeChecked();
  });

  it('takes digits only into the ISBN, 13 at most, and says when it is short', async () => {
    const { user } = renderPage();
    await user.type(field('ISBN'), '978-0 30a6');
    expect(field('ISBN')).toHaveValue('9780306');
    await user.tab();
    expect(field('ISBN')).toHaveAccessibleDescription(M.isbnInvalid);
    await user.type(field('ISBN'), '40615799');
    expect(field('ISBN')).toHaveValue('9780306406157');
  });

  it("clears the ISBN when 'I need an ISBN' is toggled", async () => {
    const { user } = renderPage();
    await user.type(field('ISBN'), '9780306406157');
    await user.click(box('I need an ISBN'));
    expect(field('ISBN')).toHaveValue('');
    expect(field('ISBN')).toBeDisabled();
    await user.click(box('I need an ISBN'));
    expect(field('ISBN')).toHaveValue('');
  });

  it('wants both fields of each contributor or neither, and takes several', async () => {
    const { user } = renderPage();
    await user.type(field('Contributor name'), 'Jo Bloggs');
    await user.click(continueButton());
    expect(role()).toHaveAccessibleDescription(M.contributor);
    await user.type(role(), 'Editor');
    expect(role()).not.toHaveAccessibleDescription(M.contributor);

    await user.click(screen.getByRole('button', { name: 'Add contributor' }));
    const second = screen.getByRole('group', { name: 'Contributor 2' });
    await user.type(within(second).getByRole('combobox', { name: 'Contributor role' }), 'Foreword by');
    await user.click(continueButton());
    expect(within(second).getByRole('textbox', { name: 'Contributor name' })).toHaveAccessibleDescription(
      M.contributor,
    );
    await user.click(screen.getByRole('button', { name: 'Remove contributor 2' }));
    expect(screen.queryByRole('group', { name: 'Contributor 2' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('calc_contributors') ?? 'null')).toEqual([
      { name: 'Jo Bloggs', role: 'Editor' },
    ]);
  });

  it('keeps the draft under calc_ and shows it again after a remount', async () => {
    const { user, view } = renderPage();
    await fillValidPrintBook(user);
    await user.type(field('Contributor name'), 'Jo');
    const stored = (name: string) => JSON.parse(localStorage.getItem(`calc_${name}`) ?? 'null');
    expect(stored('title')).toBe('The Long Road');
    expect(stored('bookFormat')).toBe('print');
    expect(stored('genre')).toBe('2');
    expect(stored('isbnNumber')).toBe('9780306406157');
    expect(stored('isLocal')).toBe(true);
    expect(stored('contributors')).toEqual([{ name: 'Jo' }]);
    expect(localStorage.getItem('calc_detailsPage')).toBe('1');
    view.unmount();

    renderPage();
    expect(field('Title')).toHaveValue('The Long Road');
    expect(radio('Print')).toBeChecked();
    expect(field('ISBN')).toHaveValue('9780306406157');
    expect(field('Contributor name')).toHaveValue('Jo');
    expect(await screen.findByRole('option', { name: 'Romance / General (FIC027000)' })).toHaveProperty(
      'selected',
      true,
    );
  });

  it('moves on to the calculator with valid input and records the stage', async () => {
    const { user, log } = renderPage();
    await fillValidPrintBook(user);
    await user.click(continueButton());

    expect(await screen.findByText('Calculator page')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/calculator');
    expect(JSON.parse(localStorage.getItem('calc_completedSteps') ?? '[]')).toEqual(['general-info']);
    expect(log.filter((request) => request.path === '/user/getvalidisbn')).toEqual([
      expect.objectContaining({ method: 'POST', body: { isbn: '9780306406157' } }),
    ]);
  });

  it('says when another book uses the ISBN (POST /user/getvalidisbn), until the ISBN changes', async () => {
    const { user } = renderPage({ isbnFree: false });
    await fillValidPrintBook(user);
    await user.click(continueButton());

    expect(await screen.findByText(M.isbnInUse)).toBeInTheDocument();
    expect(field('ISBN')).toHaveAccessibleDescription(M.isbnInUse);
    expect(location()).toHaveTextContent('/new-book/general-info');
    await user.type(field('ISBN'), '{Backspace}8');
    expect(field('ISBN')).not.toHaveAccessibleDescription(M.isbnInUse);
  });

  it('opens the leave prompt on the browser back button too', async () => {
    renderPage();
    window.history.back();
    expect(await screen.findByRole('dialog', { name: 'Do you wish to go back to the dashboard?' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/general-info');
  });

  it('opens the remembered page 2 when entered again', async () => {
    localStorage.setItem('calc_bookFormat', JSON.stringify('print'));
    localStorage.setItem('calc_detailsPage', '2');
    renderPage();
    expect(await screen.findByText('Calculator page')).toBeInTheDocument();
  });

  it('asks before Back leaves for the dashboard', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you wish to go back to the dashboard?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, stay here' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/general-info');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Yes, go back' }));
    expect(location()).toHaveTextContent('/dashboard');
  });
});
