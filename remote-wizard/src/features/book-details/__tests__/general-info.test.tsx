import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { BOOK_DETAILS_MESSAGES as M } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { GeneralInfoScreen } from '../../../routes/general-info';

const GENRES = [
  { group: 'genres', id: 1, SubjectHeading: 'FICTION / General', bisac: 'FIC000000' },
  { group: 'genres', id: 2, SubjectHeading: 'FICTION / Romance / General', bisac: 'FIC027000' },
  { group: 'genres', id: 3, SubjectHeading: 'HISTORY / Africa / South', bisac: 'HIS001030' },
];

function renderPage() {
  const log = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, results: GENRES } }));
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
    for (const name of ['Title', 'ISBN', 'Contributor name', 'Contributor role'])
      expect(field(name)).toBeInTheDocument();
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

  it('wants both contributor fields or neither', async () => {
    const { user } = renderPage();
    await user.type(field('Contributor name'), 'Jo Bloggs');
    await user.click(continueButton());
    expect(field('Contributor role')).toHaveAccessibleDescription(M.contributor);
  });

  it('keeps the draft under calc_ and shows it again after a remount', async () => {
    const { user, view } = renderPage();
    await fillValidPrintBook(user);
    await user.type(field('Contributor name'), 'Jo');
    expect(JSON.parse(localStorage.getItem('calc_bookDetails') ?? '{}')).toMatchObject({
      title: 'The Long Road',
      format: 'print',
      genreId: '2',
      isbn: '9780306406157',
    });
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
    expect(log.map((request) => request.path)).toEqual(['/user/quoteinfo']);
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
