import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOK_DETAILS_MESSAGES as M, Route, Routes } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders, type RecordedRequest } from '@pod/shared-contracts/testing';
import { RoyaltyCalculatorScreen } from '../../../routes/royalty-calculator';
import { NEGATIVE_ROYALTY_TEXT } from '../book-details-page-two';

/** The seeded options (migrations 003 and 008), a few sizes of each kind. */
const RESOURCES = [
  { group: 'localPaperTypes', id: 1, name: '80gsm Bond (B&W)', maxPage: 800, unitCost: 0.18 },
  { group: 'localPaperTypes', id: 2, name: '70gsm Book Wove Cream (B&W)', maxPage: 1200, unitCost: 0.2 },
  { group: 'localPaperTypes', id: 3, name: '115gsm Gloss Art (Colour)', maxPage: 400, unitCost: 0.95 },
  { group: 'localPaperTypes', id: 4, name: '100gsm Bond (Colour)', maxPage: 500, unitCost: 0.85 },
  { group: 'internationalPaperTypes', id: 1, name: 'Standard B&W White 50#', maxPage: 828, unitCost: 0.013 },
  { group: 'internationalPaperTypes', id: 3, name: 'Premium Colour White 70#', maxPage: 480, unitCost: 0.07 },
  { group: 'localBookTypes', id: 1, name: 'Paperback (Perfect Bound)', maxPage: 1200, unitCost: 14 },
  { group: 'localBookTypes', id: 3, name: 'Saddle Stitch', maxPage: 96, unitCost: 6 },
  { group: 'internationalBookTypes', id: 3, name: 'Saddle Stitch', maxPage: 48, unitCost: 0.8 },
  { group: 'internationalBookTypes', id: 7, name: 'Paperback (Perfect Bound)', maxPage: 828, unitCost: 1 },
  ...[
    [1, 'A6 pocket', 148, 105, 'portrait', true, false],
    [3, 'Mass market', 175, 108, 'portrait', false, true],
    [8, 'A5', 210, 148, 'portrait', true, true],
    [22, 'Square 203', 203, 203, 'square', true, true],
    [26, 'A5 landscape', 148, 210, 'landscape', true, true],
  ].map(([id, name, height, width, orientation, isLocal, isInternational]) => ({
    group: 'sizes',
    id,
    name,
    height,
    width,
    template: null,
    orientation,
    isLocal,
    isInternational,
  })),
];
const PRICES = {
  ebook: { conversionFixed: 450, uploadFee: 299 },
  duplexCoverPerBook: 2.5,
  softTouchLaminationPerCover: 3,
  spiralBindingPerBook: 12,
  spotUvPerCover: 4,
  internationalDuplexPerBook: 0.6,
  perforationPerBook: 0.05,
  recordingPerPage: 15,
};
const ARTISTS = [
  { id: 1, name: 'Sipho Dlamini', gender: 'Male', nationality: 'South African', sample_url: null },
  { id: 2, name: 'Anke van der Merwe', gender: 'Female', nationality: 'South African', sample_url: null },
  { id: 4, name: 'James Whitfield', gender: 'Male', nationality: 'British', sample_url: null },
  { id: 9, name: 'Emily Carter', gender: 'Female', nationality: 'British', sample_url: null },
  { id: 5, name: 'Grace Okafor', gender: 'Female', nationality: 'Nigerian', sample_url: null },
];

const STAGE_OF = { print: 'calculator', ebook: 'e-book', audiobook: 'audio-book' } as const;

/** Renders page 2 of the draft; a print page once its options have loaded. */
async function renderPage({
  format = 'print',
  local = true,
  international = true,
  at,
  draft = {},
}: {
  format?: 'print' | 'ebook' | 'audiobook' | null;
  local?: boolean;
  international?: boolean;
  at?: string;
  draft?: Record<string, unknown>;
} = {}) {
  if (format) localStorage.setItem('calc_bookFormat', JSON.stringify(format));
  localStorage.setItem('calc_isLocal', JSON.stringify(format === 'ebook' ? false : local));
  localStorage.setItem('calc_isInternational', JSON.stringify(international));
  for (const [name, value] of Object.entries(draft)) localStorage.setItem(`calc_${name}`, JSON.stringify(value));
  const calls: RecordedRequest[] = installFakeFetch((request) => {
    if (request.path === '/user/quoteinfo') return { status: 200, body: { statusCode: 0, results: RESOURCES } };
    if (request.path === '/user/pricinglist') return { status: 200, body: { statusCode: 0, results: [PRICES] } };
    if (request.path === '/voiceover/getallvoiceoverartists')
      return { status: 200, body: { statusCode: 0, results: ARTISTS } };
    return new Promise(() => undefined); // the server's royalty never answers: the browser's figures show
  });
  const stage = at ?? STAGE_OF[format ?? 'print'];
  renderWithProviders(
    <Routes>
      {(['calculator', 'e-book', 'audio-book'] as const).map((s) => (
        <Route key={s} path={`/new-book/${s}`} element={<RoyaltyCalculatorScreen base="/new-book" stage={s} />} />
      ))}
      <Route path="/new-book/general-info" element={<p>Page one</p>} />
      <Route path="/new-book/confirm-details" element={<p>Page three</p>} />
    </Routes>,
    { route: `/new-book/${stage}`, probe: true },
  );
  if (format === 'print' && !at) await screen.findByRole('combobox', { name: 'Size' });
  return { user: userEvent.setup(), calls };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const combo = (name: string) => screen.getByRole('combobox', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const box = (name: string) => screen.getByRole('checkbox', { name });
const group = (name: string) => screen.getByRole('group', { name });
const location = () => screen.getByTestId('location');
const stored = (name: string) => JSON.parse(localStorage.getItem(`calc_${name}`) ?? 'null');
const optionNames = () => {
  const list = screen.queryByRole('listbox');
  return list
    ? within(list)
        .queryAllByRole('option')
        .map((option) => option.textContent)
    : [];
};
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

type User = ReturnType<typeof userEvent.setup>;

async function pick(user: User, name: string, option: string) {
  await user.click(combo(name));
  await user.click(screen.getByRole('option', { name: option }));
}

/** A local print book, all options chosen, at `price`. */
async function fillLocalPrintBook(user: User, price: string) {
  await user.type(field('Number of pages'), '200');
  await user.click(radio('Portrait'));
  await pick(user, 'Size', 'A5 (210 x 148 mm)');
  await user.click(radio('Black and white'));
  await user.click(radio('Matt'));
  await pick(user, 'Local paper type', '80gsm Bond (B&W)');
  await pick(user, 'Local cover type', 'Paperback (Perfect Bound)');
  await user.type(field('Local selling price (R)'), price);
}

beforeEach(() => localStorage.clear());

describe('page 2 of a print book ({base}/calculator)', () => {
  it('has its headings, the progress bar and every field with its label', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Royalty calculator' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Size' })).toBeInTheDocument();
    for (const name of ['Portrait', 'Landscape', 'Square', 'Colour', 'Black and white', 'Matt', 'Gloss'])
      expect(radio(name)).toBeInTheDocument();
    for (const name of ['Orientation', 'Colour', 'Cover finish', 'Extras']) expect(group(name)).toBeInTheDocument();
    for (const name of ['Local paper type', 'Local cover type', 'International paper type', 'International cover type'])
      expect(combo(name)).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['Number of pages', 'Local selling price (R)', 'International selling price (USD)'])
      expect(field(name)).toBeInTheDocument();
    expect(combo('Paper side')).toHaveValue('42');
    expect(within(combo('Paper side')).getByRole('option', { selected: true })).toHaveTextContent(
      'Printed on both sides',
    );
    expect(combo('Spine')).toHaveValue('105');
    expect(
      within(combo('Spine'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', 'No spine text (3 mm spine)', 'Spine text (4 mm spine)']);
    expect(screen.getByRole('region', { name: 'Royalty estimate' })).toHaveClass('floating');
    expect(stored('detailsPage')).toBe(2);
  });

  it('gives each extra its cost from the price configuration', async () => {
    await renderPage();
    await waitFor(() => expect(box('Duplex cover')).toHaveAccessibleDescription('R2.50 per book'));
    expect(box('Spot UV')).toHaveAccessibleDescription('R4.00 per cover');
    expect(box('Soft-touch matt lamination')).toHaveAccessibleDescription('R3.00 per cover');
    expect(box('Spiral bound')).toHaveAccessibleDescription('R12.00 per book');
    expect(box('Duplex cover (international)')).toHaveAccessibleDescription('USD 0.60 per book');
    expect(box('Perforation')).toHaveAccessibleDescription('USD 0.05 per book');
    expect(box('Heavy graphics')).toHaveAccessibleDescription(/no extra cost/);
  });

  it("shows only the chosen region's fields", async () => {
    await renderPage({ local: false });
    await screen.findByRole('combobox', { name: 'International paper type' });
    expect(screen.queryByRole('combobox', { name: 'Local paper type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Local selling price (R)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Spot UV' })).not.toBeInTheDocument();
    expect(box('Perforation')).toBeInTheDocument();
  });

  it('answers an empty page with the messages and stays', async () => {
    const { user } = await renderPage();
    await screen.findByRole('combobox', { name: 'Size' });
    await user.selectOptions(combo('Paper side'), 'Select…');
    await user.selectOptions(combo('Spine'), 'Select…');
    await user.click(continueButton());

    expect(field('Number of pages')).toHaveAccessibleDescription(M.pagesMissing);
    expect(group('Orientation')).toHaveTextContent(M.orientation);
    expect(combo('Size')).toHaveAccessibleDescription(M.size);
    expect(group('Colour')).toHaveTextContent(M.colour);
    expect(group('Cover finish')).toHaveTextContent(M.coverFinish);
    expect(combo('Paper side')).toHaveAccessibleDescription(M.paperSide);
    expect(combo('Spine')).toHaveAccessibleDescription(M.spineOption);
    expect(combo('Local paper type')).toHaveAccessibleDescription(M.localPaper);
    expect(combo('Local cover type')).toHaveAccessibleDescription(M.localCover);
    expect(combo('International paper type')).toHaveAccessibleDescription(M.internationalPaper);
    expect(combo('International cover type')).toHaveAccessibleDescription(M.internationalCover);
    expect(field('Local selling price (R)')).toHaveAccessibleDescription(M.priceMissing);
    expect(field('International selling price (USD)')).toHaveAccessibleDescription(M.priceMissing);
    expect(location()).toHaveTextContent('/new-book/calculator');
  });

  it.each([
    ['1.2.3', M.pagesInvalid],
    ['16', M.pagesMin],
    ['20.5', M.pagesHalf],
    ['19', M.pagesOdd],
    ['1202', M.pagesMax],
  ])('answers %p pages with its message', async (pages, message) => {
    const { user } = await renderPage();
    await user.type(field('Number of pages'), pages);
    await user.tab();
    expect(field('Number of pages')).toHaveAccessibleDescription(message);
  });

  it('types only digits and a point into the page count', async () => {
    const { user } = await renderPage();
    await user.type(field('Number of pages'), '2a0-0');
    expect(field('Number of pages')).toHaveValue('200');
    expect(stored('numPages')).toBe('200');
  });

  it("says when the pages exceed the chosen paper type's maxPage", async () => {
    const { user } = await renderPage({ international: false });
    await user.type(field('Number of pages'), '300');
    await user.click(radio('Colour'));
    await pick(user, 'Local paper type', '115gsm Gloss Art (Colour)');
    await user.clear(field('Number of pages'));
    await user.type(field('Number of pages'), '402');
    await user.tab();
    expect(field('Number of pages')).toHaveAccessibleDescription(M.pagesPaper);
    await user.clear(field('Number of pages'));
    await user.type(field('Number of pages'), '400');
    expect(field('Number of pages')).not.toHaveAccessibleDescription();
  });

  it('offers the standard sizes of the regions and orientation, and writes the chosen height and width', async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Size' }));
    // Both regions: only sizes both printers print.
    expect(optionNames()).toEqual([
      'A5 (210 x 148 mm)',
      'Square 203 (203 x 203 mm)',
      'A5 landscape (148 x 210 mm)',
      'Custom size',
    ]);
    await user.click(screen.getByRole('option', { name: 'A5 landscape (148 x 210 mm)' }));
    expect(radio('Landscape')).toBeChecked();
    expect(combo('Size')).toHaveValue('A5 landscape (148 x 210 mm)');
    expect(stored('bookHeight')).toBe('148');
    expect(stored('bookWidth')).toBe('210');
    expect(stored('orientation')).toBe('landscape');

    await user.click(radio('Portrait'));
    expect(combo('Size')).toHaveValue('');
    await user.click(combo('Size'));
    expect(optionNames()).toEqual(['A5 (210 x 148 mm)', 'Custom size']);
  });

  it('offers the local sizes to a local book', async () => {
    const { user } = await renderPage({ international: false });
    await user.click(radio('Portrait'));
    await user.click(await screen.findByRole('combobox', { name: 'Size' }));
    expect(optionNames()).toEqual(['A6 pocket (148 x 105 mm)', 'A5 (210 x 148 mm)', 'Custom size']);
  });

  it('asks a custom size for its height and width', async () => {
    const { user } = await renderPage();
    await pick(user, 'Size', 'Custom size');
    await user.click(continueButton());
    expect(field('Height (mm)')).toHaveAccessibleDescription(M.heightMissing);
    expect(field('Width (mm)')).toHaveAccessibleDescription(M.widthMissing);
    await user.type(field('Height (mm)'), '49');
    await user.type(field('Width (mm)'), '1001');
    expect(field('Height (mm)')).toHaveAccessibleDescription(M.heightInvalid);
    expect(field('Width (mm)')).toHaveAccessibleDescription(M.widthInvalid);
    await user.type(field('Height (mm)'), '0');
    await user.clear(field('Width (mm)'));
    await user.type(field('Width (mm)'), '300');
    expect(field('Height (mm)')).not.toHaveAccessibleDescription();
    expect(stored('height')).toBe('490');
    expect(stored('width')).toBe('300');
    expect(stored('size')).toBe('custom');
  });

  // Four rounds of four listbox picks: ~4 s on a busy 2-core machine, near jest's 5 s default.
  it('clears the chosen paper and cover types when the size, dimensions, colour or finish change', async () => {
    const { user } = await renderPage();
    const chooseTypes = async () => {
      await pick(user, 'Local paper type', '80gsm Bond (B&W)');
      await pick(user, 'Local cover type', 'Paperback (Perfect Bound)');
      await pick(user, 'International paper type', 'Standard B&W White 50#');
      await pick(user, 'International cover type', 'Paperback (Perfect Bound)');
      expect(combo('Local paper type')).toHaveValue('80gsm Bond (B&W)');
      expect(stored('internationalCoverPaperType')).toBe('7');
      expect(stored('binding')).toBe('Paperback (Perfect Bound)');
    };
    const expectCleared = () => {
      for (const name of [
        'Local paper type',
        'Local cover type',
        'International paper type',
        'International cover type',
      ])
        expect(combo(name)).toHaveValue('');
      for (const name of [
        'localPaperType',
        'localCoverPaperType',
        'internationalPaperType',
        'internationalCoverPaperType',
      ])
        expect(stored(name)).toBe('');
      expect(stored('binding')).toBe('');
    };
    await user.click(await screen.findByRole('radio', { name: 'Black and white' }));
    await user.click(radio('Matt'));

    await chooseTypes();
    await pick(user, 'Size', 'A5 (210 x 148 mm)');
    expectCleared();

    await chooseTypes();
    await user.click(radio('Gloss'));
    expectCleared();

    await chooseTypes();
    await user.click(radio('Colour'));
    expectCleared();

    await user.click(radio('Black and white'));
    await pick(user, 'Size', 'Custom size');
    await chooseTypes();
    await user.type(field('Height (mm)'), '2');
    expectCleared();
  }, 15_000);

  it('offers the paper types of the colour, and says when none is left', async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Black and white' }));
    await user.click(combo('Local paper type'));
    expect(optionNames()).toEqual(['80gsm Bond (B&W)', '70gsm Book Wove Cream (B&W)']);
    await user.keyboard('{Escape}');
    await user.click(radio('Colour'));
    await user.click(combo('Local paper type'));
    expect(optionNames()).toEqual(['115gsm Gloss Art (Colour)', '100gsm Bond (Colour)']);
    await user.keyboard('{Escape}');

    // No colour paper takes 600 pages locally; the international one neither.
    await user.type(field('Number of pages'), '600');
    expect(combo('Local paper type')).toHaveAccessibleDescription(/^N\/A, No matches found/);
    expect(combo('International paper type')).toHaveAccessibleDescription('N/A, No matches found');
    expect(screen.getAllByText('N/A, No matches found')).toHaveLength(2);
    await user.click(combo('Local paper type'));
    expect(optionNames()).toEqual([]);
  });

  it("searches a picker and says 'No matches for your search term.'", async () => {
    const { user } = await renderPage();
    await user.type(await screen.findByRole('combobox', { name: 'Local cover type' }), 'saddle');
    expect(optionNames()).toEqual(['Saddle Stitch']);
    await user.type(combo('Local cover type'), ' hardback');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No matches for your search term.')).toBeInTheDocument();
  });

  it('refuses Saddle Stitch over 96 pages, on choosing it and on a new page count', async () => {
    const { user } = await renderPage();
    await user.type(field('Number of pages'), '120');
    await pick(user, 'Local cover type', 'Saddle Stitch');
    const dialog = await screen.findByRole('dialog', { name: 'Saddle stitch binding' });
    expect(dialog).toHaveTextContent('Maximum number of pages for saddle stitch binding is 96.');
    expect(combo('Local cover type')).toHaveValue('');
    expect(stored('localCoverPaperType')).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(field('Number of pages'));
    await user.type(field('Number of pages'), '96');
    await pick(user, 'Local cover type', 'Saddle Stitch');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored('binding')).toBe('Saddle Stitch');
    await user.type(field('Number of pages'), '{Backspace}8');
    expect(await screen.findByRole('dialog', { name: 'Saddle stitch binding' })).toBeInTheDocument();
    expect(combo('Local cover type')).toHaveValue('');
  });

  it('types prices of up to 8 digits and 2 decimals, and says when one is not valid', async () => {
    const { user } = await renderPage();
    await user.type(field('Local selling price (R)'), '12a.3456');
    expect(field('Local selling price (R)')).toHaveValue('12.34');
    await user.type(field('International selling price (USD)'), '1234567890');
    expect(field('International selling price (USD)')).toHaveValue('12345678');
    await user.clear(field('Local selling price (R)'));
    await user.type(field('Local selling price (R)'), '0');
    await user.tab();
    expect(field('Local selling price (R)')).toHaveAccessibleDescription(M.priceInvalid);
  });

  it("blocks a negative royalty with the modal and the price's message, until 'Use minimum price'", async () => {
    const { user } = await renderPage({ international: false });
    await fillLocalPrintBook(user, '30');
    const widget = screen.getByRole('region', { name: 'Royalty estimate' });
    const local = await within(widget).findByRole('group', { name: 'Local (est.)' });
    expect(within(local).getByText(/^R -\d+\.\d{2}$/)).toBeInTheDocument();

    await user.click(continueButton());
    const dialog = await screen.findByRole('dialog', { name: 'Negative royalty' });
    expect(dialog).toHaveTextContent(NEGATIVE_ROYALTY_TEXT);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(field('Local selling price (R)')).toHaveAccessibleDescription(M.negativeRoyalty);
    expect(location()).toHaveTextContent('/new-book/calculator');

    await user.click(within(local).getByRole('button', { name: 'Local breakdown' }));
    await user.click(within(local).getByRole('button', { name: 'Use minimum price' }));
    const minimum = (field('Local selling price (R)') as HTMLInputElement).value;
    expect(minimum).toMatch(/^\d+\.\d{2}$/);
    expect(Number(minimum)).toBeGreaterThan(30);
    expect(field('Local selling price (R)')).not.toHaveAccessibleDescription();
    expect(stored('bookPrice')).toBe((field('Local selling price (R)') as HTMLInputElement).value);

    await user.click(continueButton());
    expect(await screen.findByText('Page three')).toBeInTheDocument();
  });

  it('moves on to confirm-details with the draft written and the stage recorded', async () => {
    const { user } = await renderPage({ international: false });
    await fillLocalPrintBook(user, '300');
    await user.click(box('Spot UV'));
    await user.selectOptions(combo('Spine'), 'Spine text (4 mm spine)');
    await within(screen.getByRole('region', { name: 'Royalty estimate' })).findByRole('group', {
      name: 'Local (est.)',
    });
    await user.click(continueButton());

    expect(await screen.findByText('Page three')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/confirm-details');
    expect(stored('completedSteps')).toEqual(['calculator']);
    expect(stored('detailsPage')).toBe(3);
    expect(stored('numPages')).toBe('200');
    expect(stored('size')).toBe('8');
    expect(stored('bookHeight')).toBe('210');
    expect(stored('bookWidth')).toBe('148');
    expect(stored('orientation')).toBe('portrait');
    expect(stored('color')).toBe('B&W');
    expect(stored('coverFinish')).toBe('Matt');
    expect(stored('paperSide')).toBe('42');
    expect(stored('spineOption')).toBe('106');
    expect(stored('localPaperType')).toBe('1');
    expect(stored('localCoverPaperType')).toBe('1');
    expect(stored('binding')).toBe('Paperback (Perfect Bound)');
    expect(stored('bookPrice')).toBe('300');
    expect(stored('spotUvNeeded')).toBe(true);
    expect(stored('duplexNeeded')).toBe(false);
  });

  it('shows the stored draft again and Next once the stage was completed', async () => {
    await renderPage({
      international: false,
      draft: { numPages: '220', localPaperType: '2', size: '8', completedSteps: ['general-info', 'calculator'] },
    });
    expect(field('Number of pages')).toHaveValue('220');
    expect(await screen.findByRole('combobox', { name: 'Local paper type' })).toHaveValue(
      '70gsm Book Wove Cream (B&W)',
    );
    expect(combo('Size')).toHaveValue('A5 (210 x 148 mm)');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('goes Back to page 1 and remembers it', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Page one')).toBeInTheDocument();
    expect(stored('detailsPage')).toBe(1);
  });
});

describe('page 2 of an eBook ({base}/e-book)', () => {
  it('asks only the pages, the international price and heavy graphics', async () => {
    const { user } = await renderPage({ format: 'ebook' });
    expect(field('Number of pages')).toBeInTheDocument();
    expect(field('International selling price (USD)')).toBeInTheDocument();
    expect(box('Heavy graphics')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Local selling price (R)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Orientation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Spot UV' })).not.toBeInTheDocument();

    await user.click(continueButton());
    expect(field('Number of pages')).toHaveAccessibleDescription(M.pagesMissing);
    expect(field('International selling price (USD)')).toHaveAccessibleDescription(M.priceMissing);
    await user.type(field('Number of pages'), '10001');
    expect(field('Number of pages')).toHaveAccessibleDescription(M.pagesInvalid);
    await user.clear(field('Number of pages'));
    await user.type(field('Number of pages'), '19');
    expect(field('Number of pages')).not.toHaveAccessibleDescription();
  });

  it('blocks a royalty of $0 with the negative-royalty modal', async () => {
    const { user } = await renderPage({ format: 'ebook' });
    await user.type(field('Number of pages'), '150');
    await user.type(field('International selling price (USD)'), '0.01');
    const widget = screen.getByRole('region', { name: 'Royalty estimate' });
    expect(await within(widget).findByText('USD 0.00')).toBeInTheDocument();
    await user.click(continueButton());
    expect(await screen.findByRole('dialog', { name: 'Negative royalty' })).toHaveTextContent(NEGATIVE_ROYALTY_TEXT);
    expect(field('International selling price (USD)')).toHaveAccessibleDescription(M.negativeRoyalty);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.clear(field('International selling price (USD)'));
    await user.type(field('International selling price (USD)'), '4.99');
    await user.click(box('Heavy graphics'));
    await user.click(continueButton());
    expect(await screen.findByText('Page three')).toBeInTheDocument();
    expect(stored('completedSteps')).toEqual(['e-book']);
    expect(stored('heavyGraphics')).toBe(true);
    expect(stored('internationalBookPrice')).toBe('4.99');
  });
});

describe('page 2 of an audiobook ({base}/audio-book)', () => {
  it('asks the pages and prices, and the voice and chapters once a recording is required', async () => {
    const { user } = await renderPage({ format: 'audiobook' });
    expect(field('Local selling price (R)')).toBeInTheDocument();
    expect(field('International selling price (USD)')).toBeInTheDocument();
    await waitFor(() => expect(box('Recording required')).toHaveAccessibleDescription('R15.00 per page'));
    expect(screen.queryByRole('group', { name: 'Voice gender' })).not.toBeInTheDocument();

    await user.type(field('Number of pages'), '1201');
    await user.tab();
    expect(field('Number of pages')).toHaveAccessibleDescription(M.pagesMax);
    await user.clear(field('Number of pages'));
    await user.type(field('Number of pages'), '301');
    expect(field('Number of pages')).not.toHaveAccessibleDescription();

    await user.click(box('Recording required'));
    await user.click(continueButton());
    expect(group('Voice gender')).toHaveTextContent(M.voiceGender);
    expect(combo('Voice accent')).toHaveAccessibleDescription(M.voiceAccent);
    expect(combo('Voice artist')).toHaveAccessibleDescription(
      `Choose the voice gender and accent first ${M.voiceArtist}`,
    );
    expect(field('Number of chapters')).toHaveAccessibleDescription(M.chaptersMissing);
    await user.type(field('Number of chapters'), '501');
    expect(field('Number of chapters')).toHaveAccessibleDescription(M.chaptersInvalid);
  });

  it('offers the accents of the gender and the artists of both, and writes the artist', async () => {
    const { user } = await renderPage({ format: 'audiobook', international: false });
    await user.type(field('Number of pages'), '120');
    await user.type(field('Local selling price (R)'), '150');
    await user.click(box('Recording required'));
    await user.click(radio('Male'));
    await user.click(combo('Voice accent'));
    expect(optionNames()).toEqual(['South African', 'British']);
    await user.click(screen.getByRole('option', { name: 'British' }));
    await user.click(combo('Voice artist'));
    expect(optionNames()).toEqual(['James Whitfield']);
    await user.click(screen.getByRole('option', { name: 'James Whitfield' }));
    expect(stored('voiceArtist')).toBe('4');
    expect(stored('voiceArtistName')).toBe('James Whitfield');

    // Another gender keeps an accent it offers and clears the artist.
    await user.click(radio('Female'));
    expect(combo('Voice accent')).toHaveValue('British');
    expect(combo('Voice artist')).toHaveValue('');
    await pick(user, 'Voice artist', 'Emily Carter');
    await user.type(field('Number of chapters'), '12');
    await user.click(continueButton());

    expect(await screen.findByText('Page three')).toBeInTheDocument();
    expect(stored('voiceGender')).toBe('Female');
    expect(stored('voiceAccent')).toBe('British');
    expect(stored('voiceArtist')).toBe('9');
    expect(stored('voiceArtistName')).toBe('Emily Carter');
    expect(stored('numChapters')).toBe('12');
    expect(stored('recordingRequired')).toBe(true);
    expect(stored('completedSteps')).toEqual(['audio-book']);
  });
});

describe('page 2 routes', () => {
  it('sends a draft without a format to page 1', async () => {
    await renderPage({ format: null });
    expect(await screen.findByText('Page one')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/general-info');
  });

  it('sends a format to its own page 2 stage', async () => {
    await renderPage({ format: 'ebook', at: 'calculator' });
    expect(location()).toHaveTextContent('/new-book/e-book');
    expect(await screen.findByRole('textbox', { name: 'International selling price (USD)' })).toBeInTheDocument();
  });
});
