import { configure, act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys, Route, Routes } from '@pod/shared-contracts';
import {
  createTestQueryClient,
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { UploadAssetsScreen } from '../upload-assets';
import { readCompletedStages } from '../../lib/completed-stages';
import { writeDraft } from '../../lib/draft-storage';
import { createPacketServer, fileOf } from '../../features/uploads/__tests__/fake-packet-server';
import { resumeKey } from '../../features/uploads/resume-store';
import type { ImageSizeReader } from '../../features/uploads/read-image-size';

// Hashing and sending megabytes of pieces in jsdom takes a while on a busy machine: wait for
// outcomes generously (nothing here measures time).
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(30_000);

const GENERIC =
  "Something went wrong and we're not sure what to do about it. Please try again and contact us if the error persists.";

/** The draft of a print book after Cover Requirements (spec section 3 names). */
const PRINT: Record<string, unknown> = {
  bookFormat: 'print',
  rawOrPdf: 'pdf',
  localBookId: 42,
  internationalBookId: 101,
  coverNeeded: false,
  thumbnailNeeded: false,
  spotUvNeeded: true,
  author: 'Thandi Zulu',
  keywords: ['romance'],
  contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
  publicationDate: '2020-05-01',
  language: 'english',
  mainDescription: 'A love story under African stars.',
  copyrightHolder: 'Thandi Zulu',
  copyrightDate: '2020-01-01',
  recommendedAudience: 'General Trade',
  indicatedAudienceWarning: '00',
  bisacCode: 'FIC027000',
};

let server: ReturnType<typeof createPacketServer>;
let log: RecordedRequest[];
let submitAnswer: FakeAnswer;
let preflightAnswer: FakeAnswer;

/** GET /user/coverspec of the A5 print book. */
const COVER_SPEC = {
  statusCode: 0,
  trimWidthMm: 148,
  trimHeightMm: 210,
  pages: 240,
  paper: 'white',
  binding: 'Paperback (Perfect Bound)',
  spineWidthMm: 13.7,
  bleedMm: 3,
  coverWidthMm: 315.7,
  coverHeightMm: 216,
  spineTextAllowed: true,
};

/** A preflight answer with these problems. */
const preflightOf = (problems: unknown[]): FakeAnswer => ({
  status: 200,
  body: { statusCode: 0, checked: true, pages: 240, problems },
});

const location = () => screen.getByTestId('location');
const input = (name: string) => screen.getByLabelText(name);
const uploadButton = () => screen.getByRole('button', { name: 'Upload files' });
const continueButton = () => screen.getByRole('button', { name: /^(Continue|Next)$/ });
const progress = (name: string) => screen.getByRole('progressbar', { name });
const progressBlock = (name: string) => progress(name).parentElement!.parentElement!;
const bookPdf = () => fileOf('book.pdf', 3_000_000, 'application/pdf');
const coverPdf = () => fileOf('cover.pdf', 1_100_000, 'application/pdf');
const thumbnailJpg = () => fileOf('thumb.jpg', 2000, 'image/jpeg');

/** Image sizes by file name; anything else is 1000 x 1000. */
const imageSizes: Record<string, { width: number; height: number }> = {};
const readImageSize: ImageSizeReader = async (file) => imageSizes[(file as File).name] ?? { width: 1000, height: 1000 };

function renderPage(draft: Record<string, unknown> = {}, completed: string[] = []) {
  for (const [name, value] of Object.entries({ ...PRINT, ...draft })) writeDraft(name, value);
  writeDraft('completedSteps', completed);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.cart(), { items: [] });
  renderWithProviders(
    <Routes>
      <Route
        path="/new-book/upload-assets"
        element={
          <UploadAssetsScreen base="/new-book" readImageSize={readImageSize} uploadDeps={{ sleep: async () => {} }} />
        }
      />
      <Route path="/new-book/confirm-bleed-cover" element={<p>Cover requirements page</p>} />
      <Route path="/new-book/accept-terms-additional" element={<p>Applicability page</p>} />
    </Routes>,
    { route: '/new-book/upload-assets', probe: true, queryClient },
  );
  return { user: userEvent.setup({ applyAccept: false }), queryClient };
}

/** Chooses the three files of a print book. */
async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(input('Cover file'), coverPdf());
  await user.upload(input('Thumbnail image'), thumbnailJpg());
  await user.upload(input('Book file'), bookPdf());
}

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  for (const name of Object.keys(imageSizes)) delete imageSizes[name];
  server = createPacketServer();
  submitAnswer = { status: 200, body: { statusCode: 0, description: 'Successful' } };
  preflightAnswer = preflightOf([]);
  log = installFakeFetch((request) => {
    const packet = server.handle(request);
    if (packet) return packet;
    if (request.path.startsWith('/user/uploadbook')) return submitAnswer;
    if (request.path === '/user/coverspec') return { status: 200, body: COVER_SPEC };
    if (request.path === '/user/preflight') return preflightAnswer;
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
});

afterEach(() => jest.restoreAllMocks());

describe('/new-book/upload-assets (Upload Your Files)', () => {
  it('shows the sections of a print book with their file inputs and hints', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload Your Files' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cover',
      'Thumbnail',
      'Book file',
    ]);
    expect(input('Cover file')).toHaveAccessibleDescription('Accepted: .pdf.');
    expect(input('Thumbnail image')).toHaveAccessibleDescription('A JPG or JPEG image of 1000 x 1000 px at 300 dpi.');
    expect(input('Book file')).toHaveAccessibleDescription('Accepted: .pdf.');
    expect(uploadButton()).toBeDisabled();
    expect(continueButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('says our designers make the cover, and leaves out the thumbnail, when those services were chosen', () => {
    renderPage({ coverNeeded: true, thumbnailNeeded: true });
    expect(screen.getByRole('heading', { level: 2, name: 'Cover' })).toBeInTheDocument();
    expect(screen.getByText(/our designers make your cover/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Cover file')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Thumbnail' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Thumbnail image')).not.toBeInTheDocument();
  });

  it('has no cover section for an eBook, and asks for its own thumbnail size', () => {
    renderPage({ bookFormat: 'ebook' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Cover' })).not.toBeInTheDocument();
    expect(input('Thumbnail image')).toHaveAccessibleDescription('A JPG or JPEG image of 1600 x 2500 px.');
    expect(input('Book file')).toHaveAccessibleDescription('Accepted: .epub.');
  });

  it.each([
    ['cover.png', 'image/png', 'print', 'Cannot upload PNG files - Please upload a JPG or JPEG file'],
    ['cover.gif', 'image/gif', 'print', 'Cannot upload GIF files - Please upload a JPG or JPEG file'],
    [
      'small.jpg',
      'image/jpeg',
      'print',
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1000px x 1000px whereas the image you selected is 500px x 700px',
    ],
    [
      'small.jpg',
      'image/jpeg',
      'ebook',
      'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1600px x 2500px whereas the image you selected is 500px x 700px',
    ],
  ])('refuses the thumbnail %s (%s) of a %s book under the input', async (name, type, format, message) => {
    imageSizes['small.jpg'] = { width: 500, height: 700 };
    const { user } = renderPage({ bookFormat: format });
    await user.upload(input('Thumbnail image'), fileOf(name, 100, type));
    await waitFor(() => expect(input('Thumbnail image')).toHaveAttribute('aria-invalid', 'true'));
    expect(input('Thumbnail image')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Thumbnail upload' })).not.toBeInTheDocument();
  });

  it('refuses a thumbnail without image data', async () => {
    const { user } = renderPage();
    await user.upload(input('Thumbnail image'), fileOf('empty.jpg', 0, 'image/jpeg'));
    expect(await screen.findByText('Please upload a valid JPG or JPEG file')).toBeInTheDocument();
    // A good image afterwards clears the message.
    await user.upload(input('Thumbnail image'), thumbnailJpg());
    await waitFor(() => expect(input('Thumbnail image')).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByRole('progressbar', { name: 'Thumbnail upload' })).toBeInTheDocument();
  });

  it("opens 'Invalid File Type' for a print book file that is not a PDF, and for a cover that is not one", async () => {
    const { user } = renderPage();
    await user.upload(input('Book file'), fileOf('book.docx', 10));
    const dialog = screen.getByRole('dialog', { name: 'Invalid File Type' });
    expect(dialog).toHaveTextContent('The book file must be a .pdf file.');
    expect(dialog).not.toHaveTextContent('Conversion needed');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input('Book file')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Book file')).toHaveAccessibleDescription(
      expect.stringContaining('Invalid File Type: please choose a .pdf file.'),
    );
    expect(screen.queryByRole('progressbar', { name: 'Book file upload' })).not.toBeInTheDocument();

    await user.upload(input('Cover file'), fileOf('cover.jpg', 10));
    expect(screen.getByRole('dialog', { name: 'Invalid File Type' })).toHaveTextContent(
      'The cover file must be a .pdf file.',
    );
  });

  it('takes a .docx book file when the upload type is raw', async () => {
    const { user } = renderPage({ rawOrPdf: 'raw' });
    expect(input('Book file')).toHaveAccessibleDescription('Accepted: .docx.');
    await user.upload(input('Book file'), fileOf('book.docx', 10));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(progress('Book file upload')).toBeInTheDocument();
  });

  it("points an eBook's author to 'Conversion needed' for a file that is not .epub", async () => {
    const { user } = renderPage({ bookFormat: 'ebook' });
    await user.upload(input('Book file'), fileOf('book.pdf', 10));
    const dialog = screen.getByRole('dialog', { name: 'Invalid File Type' });
    expect(dialog).toHaveTextContent('The eBook file must be a .epub file.');
    expect(dialog).toHaveTextContent(/Go back to Cover Requirements and choose 'Conversion needed'/);
  });

  it('takes .pdf, .docx and .indd for an eBook to convert, and refuses .epub then', async () => {
    const { user } = renderPage({ bookFormat: 'ebook', conversionNeeded: true });
    expect(input('Book file')).toHaveAccessibleDescription('Accepted: .pdf, .docx or .indd.');
    await user.upload(input('Book file'), fileOf('book.indd', 10));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.upload(input('Book file'), fileOf('book.epub', 10));
    const dialog = screen.getByRole('dialog', { name: 'Invalid File Type' });
    expect(dialog).not.toHaveTextContent('Conversion needed');
  });

  it('uploads the files in pieces: cover and book side by side, then the thumbnail, with their progress', async () => {
    const held = deferred<FakeAnswer>();
    server.before = (piece) => (piece.name === 'book.pdf' && piece.index === 1 ? held.promise : undefined);
    const { user } = renderPage();
    await chooseAll(user);
    expect(progressBlock('Book file upload')).toHaveTextContent('0 of 3 000 000 bytes (0%)');
    expect(continueButton()).toBeDisabled();

    await user.click(uploadButton());
    // Piece 1 of the book is held: the book stands at 1 of 3 pieces, the cover goes on meanwhile.
    await waitFor(() =>
      expect(progressBlock('Book file upload')).toHaveTextContent('1 024 000 of 3 000 000 bytes (34%)'),
    );
    expect(progress('Book file upload')).toHaveAttribute('aria-valuenow', '34');
    expect(progressBlock('Book file upload')).toHaveTextContent(/about \d+ (s|min) left/);
    await waitFor(() => expect(progressBlock('Cover upload')).toHaveTextContent('Uploaded'));
    expect(server.indexes('thumb.jpg')).toEqual([]); // after the book, on the same queue
    expect(uploadButton()).toBeDisabled();

    server.before = null;
    server.expected.set('/session/v2/packet:book.pdf', 2);
    held.resolve({ status: 200, body: { statusCode: 0, next_index: 2, finalFilename: null } });
    await waitFor(() => expect(progressBlock('Thumbnail upload')).toHaveTextContent('Uploaded'));
    expect(progressBlock('Book file upload')).toHaveTextContent('3 000 000 of 3 000 000 bytes (100%)');
    expect(server.indexes('cover.pdf')).toEqual([0, 1]);
    expect(server.indexes('thumb.jpg')).toEqual([0]);
    expect(server.received.every((piece) => piece.md5Matches)).toBe(true);

    const cover = server.received.find((piece) => piece.name === 'cover.pdf' && piece.index === 1)!;
    expect(cover.path).toBe('/session/v2/packet-cover');
    expect(cover.query).toEqual({
      name: 'cover.pdf',
      size: '1100000',
      local_bookId: '42',
      international_bookId: '101',
      md5_chunk: expect.stringMatching(/^[0-9a-f]{32}$/),
      currentCoverChunkIndex: '1',
      totalChunks: '2',
    });
    const book = server.received.filter((piece) => piece.name === 'book.pdf');
    expect(book.every((piece) => piece.path === '/session/v2/packet')).toBe(true);
    expect(book[2]?.query).toMatchObject({ currentChunkIndex: '2', totalChunks: '3', size: '3000000' });
    expect(continueButton()).toBeEnabled();
  });

  it("shows the start failure with 'Retry', which resumes from the piece reached", async () => {
    let offline = false;
    server.before = (piece) =>
      offline ? new TypeError('Failed to fetch') : piece.index === 0 ? ((offline = true), undefined) : undefined;
    const { user } = renderPage({ coverNeeded: true, thumbnailNeeded: true });
    await user.upload(input('Book file'), bookPdf());
    await user.click(uploadButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('This may be due to your internet connection.');
    expect(progressBlock('Book file upload')).toHaveTextContent('1 024 000 of 3 000 000 bytes (34%)');
    const key = resumeKey({
      localBookId: 42,
      internationalBookId: 101,
      kind: 'book',
      name: 'book.pdf',
      size: 3_000_000,
      lastModified: 1_700_000_000_000,
    });
    expect(localStorage.getItem(key)).toBe('1');

    offline = false;
    server.received.length = 0;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(progressBlock('Book file upload')).toHaveTextContent('Uploaded'));
    expect(server.indexes('book.pdf')).toEqual([1, 2]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('continues a file chosen again from where its upload stopped (after a reload)', async () => {
    const key = resumeKey({
      localBookId: 42,
      internationalBookId: 101,
      kind: 'book',
      name: 'book.pdf',
      size: 3_000_000,
      lastModified: 1_700_000_000_000,
    });
    localStorage.setItem(key, '2');
    server.expected.set('/session/v2/packet:book.pdf', 2);
    const { user } = renderPage({ coverNeeded: true, thumbnailNeeded: true });
    await user.upload(input('Book file'), bookPdf());
    expect(progressBlock('Book file upload')).toHaveTextContent('2 048 000 of 3 000 000 bytes (68%)');
    await user.click(uploadButton());
    await waitFor(() => expect(progressBlock('Book file upload')).toHaveTextContent('Uploaded'));
    expect(server.indexes('book.pdf')).toEqual([2]);
  });

  it("opens 'Invalid File Type' when the server finds the file is not what its name says", async () => {
    server.before = () => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Invalid File Type', code: 'FILE_TYPE' },
    });
    const { user } = renderPage({ coverNeeded: true, thumbnailNeeded: true });
    await user.upload(input('Book file'), bookPdf());
    await user.click(uploadButton());
    expect(await screen.findByRole('dialog', { name: 'Invalid File Type' })).toHaveTextContent(
      'The book file must be a .pdf file.',
    );
    expect(screen.queryByRole('progressbar', { name: 'Book file upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears the chosen files and stops the uploads on Back, keeping where they stood', async () => {
    const held = deferred<FakeAnswer>();
    server.before = (piece) => (piece.index === 1 ? held.promise : undefined);
    const { user } = renderPage({ coverNeeded: true, thumbnailNeeded: true });
    await user.upload(input('Book file'), bookPdf());
    await user.click(uploadButton());
    await waitFor(() => expect(server.indexes('book.pdf')).toEqual([0, 1]));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/confirm-bleed-cover');
    await act(async () => held.resolve({ status: 200, body: { statusCode: 0, next_index: 2, finalFilename: null } }));
    expect(server.indexes('book.pdf')).toEqual([0, 1]);
    const key = resumeKey({
      localBookId: 42,
      internationalBookId: 101,
      kind: 'book',
      name: 'book.pdf',
      size: 3_000_000,
      lastModified: 1_700_000_000_000,
    });
    expect(localStorage.getItem(key)).toBe('2');
    expect(readCompletedStages()).not.toContain('upload-assets');
  });

  it('submits the files and details, refreshes the cart and goes on', async () => {
    const { user, queryClient } = renderPage();
    await chooseAll(user);
    await user.click(uploadButton());
    await waitFor(() => expect(continueButton()).toBeEnabled());
    await user.click(continueButton());

    await waitFor(() => expect(location()).toHaveTextContent('/new-book/accept-terms-additional'));
    const submitted = log.filter((request) => request.path.startsWith('/user/uploadbook'));
    expect(submitted.map((request) => request.path)).toEqual(['/user/uploadbook']);
    expect(submitted[0]?.body).toEqual({
      local_bookId: 42,
      international_bookId: 101,
      upload_type: 'pdf',
      cover_needed: false,
      thumbnail_needed: false,
      formatting_needed: false,
      bleeding_needed: false,
      spot_uv_needed: true,
      heavy_graphics: false,
      conversion_needed: false,
      cover: 'final-cover.pdf',
      thumbnail: 'final-thumb.jpg',
      book: 'final-book.pdf',
      subtitle: null,
      author: 'Thandi Zulu',
      contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
      publicationDate: '2020-05-01',
      onSaleDate: null,
      language: 'english',
      keywords: ['romance'],
      bisacCode: 'FIC027000',
      shortDescription: null,
      longDescription: null,
      mainDescription: 'A love story under African stars.',
      copyrightHolder: 'Thandi Zulu',
      copyrightDate: '2020-01-01',
      recommendedAudience: 'General Trade',
      indicatedAudienceWarning: '00',
    });
    expect(readCompletedStages()).toContain('upload-assets');
    expect(queryClient.getQueryState(queryKeys.cart())?.isInvalidated).toBe(true);
  });

  it("offers the cover template of the book's size in the Cover section", async () => {
    renderPage();
    const template = await screen.findByRole('region', { name: 'Cover template' });
    expect(within(template).getByText('Spine width: 13.7 mm')).toBeInTheDocument();
    expect(within(template).getByRole('button', { name: 'Download cover template (PDF)' })).toBeInTheDocument();
    expect(log.find((request) => request.path === '/user/coverspec')?.query).toEqual({
      local_bookId: '42',
      international_bookId: '101',
    });
  });

  it('checks the uploaded book PDF: a blocking problem keeps Continue disabled', async () => {
    preflightAnswer = preflightOf([
      {
        code: 'PAGE_COUNT',
        severity: 'blocking',
        page: null,
        message: 'The PDF has 238 pages; the quote is for 240 pages.',
        fix: 'Export the book again with all its pages.',
      },
    ]);
    const { user } = renderPage();
    await chooseAll(user);
    await user.click(uploadButton());
    expect(await screen.findByText('The PDF has 238 pages; the quote is for 240 pages.')).toBeInTheDocument();
    expect(log.find((request) => request.path === '/user/preflight')?.body).toEqual({
      local_bookId: 42,
      international_bookId: 101,
      book: 'final-book.pdf',
      bleeding_needed: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Book file upload' })).toHaveAttribute('aria-valuenow', '100'),
    );
    expect(continueButton()).toBeDisabled();
  });

  it('checks the uploaded book PDF: a warning, shown on its page, does not stop the submission', async () => {
    preflightAnswer = preflightOf([
      {
        code: 'LOW_DPI',
        severity: 'warning',
        page: 3,
        message: 'Page 3: image at 150 dpi; print needs 300',
        fix: 'Use a larger image.',
      },
    ]);
    const { user } = renderPage();
    await chooseAll(user);
    await user.click(uploadButton());
    expect(await screen.findByText('Page 3: image at 150 dpi; print needs 300')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View page 3' })).toBeInTheDocument();
    await waitFor(() => expect(continueButton()).toBeEnabled());
  });

  it('posts an eBook to /user/uploadbookebook with no cover, reading Next on a completed stage', async () => {
    const { user } = renderPage(
      { bookFormat: 'ebook', conversionNeeded: true, heavyGraphics: true, thumbnailNeeded: true },
      ['upload-assets'],
    );
    await user.upload(input('Book file'), fileOf('book.docx', 5000));
    await user.click(uploadButton());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/accept-terms-additional'));
    const submitted = log.find((request) => request.path === '/user/uploadbookebook');
    expect(submitted?.body).toMatchObject({
      cover: null,
      thumbnail: null,
      book: 'final-book.docx',
      cover_needed: false,
      thumbnail_needed: true,
      conversion_needed: true,
      heavy_graphics: true,
      spot_uv_needed: false,
    });
  });

  it.each([
    ['Internal server error', GENERIC],
    ["Please enter your book's main description", "Please enter your book's main description"],
  ])("shows the server's message when the submit fails (%s)", async (message, shown) => {
    submitAnswer = {
      status: message === 'Internal server error' ? 500 : 400,
      body: { statusCode: 400, error: 'Bad Request', message },
    };
    const { user } = renderPage({ coverNeeded: true, thumbnailNeeded: true });
    await user.upload(input('Book file'), fileOf('book.pdf', 5000));
    await user.click(uploadButton());
    await waitFor(() => expect(continueButton()).toBeEnabled());
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(location()).toHaveTextContent('/new-book/upload-assets');
    expect(continueButton()).toBeEnabled();
  });

  it('shows the thumbnail tutorial with captions', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Watch the thumbnail tutorial' }));
    const dialog = screen.getByRole('dialog', { name: 'Thumbnail tutorial' });
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('src')).toMatch(/thumbnail-tutorial\.webm$/);
    expect(video).toHaveAttribute('controls');
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track.getAttribute('src')).toMatch(/thumbnail-tutorial\.vtt$/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
