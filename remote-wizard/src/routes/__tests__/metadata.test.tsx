import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { METADATA_MESSAGES as M, queryKeys, type QuoteResource, Route, Routes } from '@pod/shared-contracts';
import { createTestQueryClient, installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { MetadataScreen } from '../metadata';
import { readCompletedStages } from '../../lib/completed-stages';
import { readDraft, writeDraft } from '../../lib/draft-storage';

const RESOURCES = [
  { group: 'genres', id: 2, SubjectHeading: 'FICTION / Romance / General', bisac: 'FIC027000' },
] as QuoteResource[];

const wordsOf = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(' ');
const location = () => screen.getByTestId('location');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const textbox = (name: string) => screen.getByRole('textbox', { name });

function renderPage(draft: Record<string, unknown> = {}) {
  writeDraft('bookFormat', 'print');
  writeDraft('title', 'Stars over Limpopo');
  writeDraft('genre', '2');
  for (const [name, value] of Object.entries(draft)) writeDraft(name, value);
  // The genres are in the cache already (the shared loaders warm it), so nothing loads mid-test.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.resources(), RESOURCES);
  renderWithProviders(
    <Routes>
      <Route path="/new-book/metadata" element={<MetadataScreen base="/new-book" />} />
      <Route path="/new-book/confirm-bleed-cover" element={<p>Cover requirements page</p>} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
    { route: '/new-book/metadata', probe: true, queryClient },
  );
  return userEvent.setup({ delay: null });
}

/** Fills every required field of a print book with valid values. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(textbox('Author'), 'Thandi Zulu');
  await user.type(textbox('Keyword'), 'romance{Enter}');
  await user.type(textbox('Publication date'), '01-05-2020');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'english');
  await user.type(textbox('Main description'), 'A love story under African stars.');
  await user.type(textbox('Copyright holder'), 'Thandi Zulu');
  await user.type(textbox('Copyright date'), '01-01-2020');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Recommended audience' }), 'General Trade');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Indicated audience warning' }), '00');
}

beforeEach(() => {
  localStorage.clear();
  installFakeFetch(() => ({ status: 404 }));
});

describe('/new-book/metadata (Additional Details)', () => {
  it("shows the heading, page 1's genre read only and page 1's contributors", async () => {
    renderPage({
      contributors: [
        { name: 'Jo Bloggs', role: 'Editor' },
        { name: '', role: '' },
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Additional Details' })).toBeInTheDocument();
    expect(await screen.findByText('FICTION / Romance / General (FIC027000)')).toBeInTheDocument();
    const added = screen.getByRole('list', { name: 'Contributors added' });
    expect(within(added).getAllByRole('listitem')).toHaveLength(1);
    expect(within(added).getByText('Jo Bloggs (Editor)')).toBeInTheDocument();
  });

  it('shows every message of the spec on Continue and focuses the first failing field', async () => {
    const user = renderPage();
    await user.click(continueButton());
    expect(textbox('Author')).toHaveFocus();
    expect(textbox('Author')).toHaveAccessibleDescription(M.authorRequired);
    expect(textbox('Keyword')).toHaveAccessibleDescription(expect.stringContaining(M.keywords));
    expect(textbox('Publication date')).toHaveAccessibleDescription(`dd-mm-yyyy ${M.publicationDate}`);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveAccessibleDescription(M.language);
    expect(textbox('Main description')).toHaveAccessibleDescription(expect.stringContaining(M.mainDescription));
    expect(textbox('Copyright holder')).toHaveAccessibleDescription(M.copyrightHolderRequired);
    expect(textbox('Copyright date')).toHaveAccessibleDescription(`dd-mm-yyyy ${M.copyrightDate}`);
    expect(screen.getByRole('combobox', { name: 'Recommended audience' })).toHaveAccessibleDescription(
      M.recommendedAudience,
    );
    expect(screen.getByRole('combobox', { name: 'Indicated audience warning' })).toHaveAccessibleDescription(
      M.indicatedAudienceWarning,
    );
    expect(location()).toHaveTextContent('/new-book/metadata');
    // Optional fields say nothing.
    expect(textbox('Subtitle (optional)')).not.toHaveAttribute('aria-invalid');
    expect(textbox('On-sale date (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('asks no author of an eBook and focuses the keywords first', async () => {
    const user = renderPage({ bookFormat: 'ebook' });
    expect(screen.queryByRole('textbox', { name: 'Author' })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(textbox('Keyword')).toHaveFocus();
  });

  it('focuses a later failing field once the earlier ones pass', async () => {
    const user = renderPage();
    await fillValid(user);
    await user.clear(textbox('Copyright holder'));
    await user.click(continueButton());
    expect(textbox('Copyright holder')).toHaveFocus();
  });

  it('refuses names with numbers or special characters', async () => {
    const user = renderPage();
    await user.type(textbox('Author'), 'R2-D2');
    await user.type(textbox('Copyright holder'), 'Acme & Co');
    await user.tab();
    expect(textbox('Author')).toHaveAccessibleDescription(M.authorInvalid);
    expect(textbox('Copyright holder')).toHaveAccessibleDescription(M.copyrightHolderInvalid);
  });

  it('offers the years 1970 to this year only', async () => {
    const user = renderPage();
    await user.type(textbox('Publication date'), '31-12-1969');
    await user.tab();
    expect(textbox('Publication date')).toHaveAccessibleDescription('dd-mm-yyyy Choose 01-01-1970 or a later day');
    await user.clear(textbox('Copyright date'));
    await user.type(textbox('Copyright date'), `01-01-${new Date().getFullYear() + 1}`);
    await user.tab();
    expect(textbox('Copyright date')).toHaveAccessibleDescription(
      `dd-mm-yyyy Choose 31-12-${new Date().getFullYear()} or an earlier day`,
    );
  });

  it('lists audiences and the warnings 00 to 07, and about 150 languages', () => {
    renderPage();
    const audience = screen.getByRole('combobox', { name: 'Recommended audience' });
    expect(
      within(audience)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', 'General Trade', 'Professional', 'Juvenile', 'Young Adult']);
    const warnings = within(screen.getByRole('combobox', { name: 'Indicated audience warning' }))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(warnings).toEqual(['', '00', '01', '02', '03', '04', '05', '06', '07']);
    const languages = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');
    expect(languages.length).toBeGreaterThan(150);
    expect(screen.getByRole('option', { name: 'Afrikaans' })).toHaveValue('afrikaans');
  });

  describe('word limits', () => {
    it('mentions 150-200, 200-512 and 512-4000 words', () => {
      renderPage();
      expect(textbox('Short description (optional)')).toHaveAccessibleDescription(
        expect.stringContaining('150-200 words'),
      );
      expect(textbox('Main description')).toHaveAccessibleDescription(expect.stringContaining('200-512 words'));
      expect(textbox('Long description (optional)')).toHaveAccessibleDescription(
        expect.stringContaining('512-4000 words'),
      );
    });

    it('refuses typing beyond 200 words in the short description', async () => {
      const user = renderPage({ shortDescription: wordsOf(200) });
      const field = textbox('Short description (optional)');
      expect(screen.getByText('200 / 200 words')).toBeInTheDocument();
      await user.type(field, ' extra', { initialSelectionStart: 10_000 });
      expect((field as HTMLTextAreaElement).value).toBe(`${wordsOf(200)} `);
      expect(screen.getByText('200 / 200 words')).not.toHaveAttribute('data-over-limit');
    });

    it('refuses typing beyond 512 words in the main description', async () => {
      const user = renderPage({ mainDescription: wordsOf(512) });
      const field = textbox('Main description');
      await user.type(field, ' more', { initialSelectionStart: 100_000 });
      expect((field as HTMLTextAreaElement).value).toBe(`${wordsOf(512)} `);
      expect(screen.getByText('512 / 512 words')).toBeInTheDocument();
    });

    it('takes a paste over the limit, turns the counter red and blocks Continue', async () => {
      const user = renderPage();
      await fillValid(user);
      await user.click(textbox('Short description (optional)'));
      await user.paste(wordsOf(201));
      const counter = screen.getByText('201 / 200 words');
      expect(counter).toHaveAttribute('data-over-limit', 'true');
      expect(counter).toHaveClass('counterOver');
      await user.click(continueButton());
      expect(textbox('Short description (optional)')).toHaveFocus();
      expect(textbox('Short description (optional)')).toHaveAccessibleDescription(
        expect.stringContaining(M.shortDescriptionLong),
      );
      expect(location()).toHaveTextContent('/new-book/metadata');
    });

    it('turns the main counter red on a paste over 512 words', async () => {
      const user = renderPage();
      await user.click(textbox('Main description'));
      await user.paste(wordsOf(513));
      expect(screen.getByText('513 / 512 words')).toHaveClass('counterOver');
      await user.click(continueButton());
      expect(textbox('Main description')).toHaveAccessibleDescription(expect.stringContaining(M.mainDescriptionLong));
    });
  });

  describe('keywords', () => {
    const added = () =>
      within(screen.getByRole('list', { name: 'Keywords added' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent);

    it('adds a keyword with Enter and with Add, and removes one', async () => {
      const user = renderPage();
      await user.type(textbox('Keyword'), 'romance{Enter}');
      expect(textbox('Keyword')).toHaveValue('');
      await user.type(textbox('Keyword'), 'limpopo');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(added()).toEqual(['romance', 'limpopo']);
      expect(location()).toHaveTextContent('/new-book/metadata'); // Enter did not submit
      await user.click(screen.getByRole('button', { name: 'Remove keyword romance' }));
      expect(added()).toEqual(['limpopo']);
      expect(readDraft('keywords', null)).toEqual(['limpopo']);
    });

    it('splits at semicolons, typed or pasted, once each', async () => {
      const user = renderPage();
      await user.type(textbox('Keyword'), 'stars; love;');
      expect(added()).toEqual(['stars', 'love']);
      expect(textbox('Keyword')).toHaveValue('');
      await user.click(textbox('Keyword'));
      await user.paste('africa;;Love; history');
      expect(added()).toEqual(['stars', 'love', 'africa']);
      expect(textbox('Keyword')).toHaveValue('history');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(added()).toEqual(['stars', 'love', 'africa', 'history']);
    });

    it('adds nothing for a blank keyword', async () => {
      const user = renderPage();
      await user.type(textbox('Keyword'), '   {Enter}');
      expect(screen.queryByRole('list', { name: 'Keywords added' })).not.toBeInTheDocument();
    });
  });

  describe('contributors', () => {
    it('adds a contributor only when a name is present', async () => {
      const user = renderPage();
      await user.click(screen.getByRole('button', { name: 'Add contributor' }));
      expect(screen.queryByRole('list', { name: 'Contributors added' })).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please fill both the Contributor Name and Contributor Role fields',
      );
      await user.type(textbox('Contributor name'), 'Jo Bloggs');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Contributor role' }), 'Foreword by');
      await user.click(screen.getByRole('button', { name: 'Add contributor' }));
      expect(screen.getByText('Jo Bloggs (Foreword by)')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(textbox('Contributor name')).toHaveValue('');
      expect(readDraft('contributors', null)).toEqual([{ name: 'Jo Bloggs', role: 'Foreword by' }]);
    });

    it('offers the five roles and takes a custom one', async () => {
      const user = renderPage();
      const role = screen.getByRole('combobox', { name: 'Contributor role' });
      expect(
        within(role)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Co-Author', 'Editor', 'Proofreader', 'Foreword by', 'Afterword by', 'Custom role']);
      await user.type(textbox('Contributor name'), 'Sipho Dube');
      await user.selectOptions(role, 'custom');
      await user.type(textbox('Custom role'), 'Illustrator');
      await user.click(screen.getByRole('button', { name: 'Add contributor' }));
      expect(screen.getByText('Sipho Dube (Illustrator)')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove contributor Sipho Dube' }));
      expect(screen.queryByText('Sipho Dube (Illustrator)')).not.toBeInTheDocument();
    });
  });

  it('stores the metadata under calc_, marks the stage and opens confirm-bleed-cover', async () => {
    const user = renderPage();
    await screen.findByText('FICTION / Romance / General (FIC027000)');
    await fillValid(user);
    await user.type(textbox('Subtitle (optional)'), 'A novel');
    await user.click(continueButton());
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/confirm-bleed-cover'));
    expect(readCompletedStages()).toContain('metadata');
    expect(readDraft('author', null)).toBe('Thandi Zulu');
    expect(readDraft('subtitle', null)).toBe('A novel');
    expect(readDraft('keywords', null)).toEqual(['romance']);
    expect(readDraft('publicationDate', null)).toBe('2020-05-01');
    expect(readDraft('copyrightDate', null)).toBe('2020-01-01');
    expect(readDraft('language', null)).toBe('english');
    expect(readDraft('mainDescription', null)).toBe('A love story under African stars.');
    expect(readDraft('copyrightHolder', null)).toBe('Thandi Zulu');
    expect(readDraft('recommendedAudience', null)).toBe('General Trade');
    expect(readDraft('indicatedAudienceWarning', null)).toBe('00');
    expect(readDraft('bisacCode', null)).toBe('FIC027000');
  });

  it("reads 'Next' once the stage is completed", () => {
    renderPage({ completedSteps: ['metadata'] });
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('asks before going back to the dashboard, naming where to resume', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you wish to go back to the dashboard?' });
    expect(dialog).toHaveTextContent('open ‘Your Books’, then choose ‘Continue Upload Process’');
    await user.click(within(dialog).getByRole('button', { name: 'No, stay here' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Yes, go back' }));
    expect(location()).toHaveTextContent('/dashboard');
  });
});
