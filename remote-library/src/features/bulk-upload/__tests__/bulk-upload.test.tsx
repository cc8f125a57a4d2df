import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { streamCsv, type CsvParseEvent, type CsvParser } from '../csv-parser';
import { BulkUpload } from '../bulk-upload';
import { BulkUploadScreen } from '../../../routes/bulk-upload';
import {
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { csvFile, csvText, rawRow } from './csv-fixtures';
import { BATCH_SIZE } from '../api/bulk-calculate';

const NO_BOOKS = 'No books detected in your CSV document.';

type Row = Record<string, unknown>;

/** The server's figures for a priced row, echoing what it was given. */
function pricedRow(row: Row) {
  return {
    statusCode: 0,
    description: 'Successful',
    status: 'quote',
    book_title: row.book_title,
    format_type: row.format_type,
    no_of_pages: row.no_of_pages,
    isbn: row.isbn,
    local_price: row.is_local ? row.local_price : null,
    international_price: row.is_international ? row.international_price : null,
    localRoyalty: row.is_local ? 61.5 : null,
    internationRoyalty: row.is_international ? 3.25 : null,
    totalCost: 0,
    localBookId: 1,
    internationalBookId: 2,
  };
}

/** One row's outcome in a batch answer (portal.yaml BulkRowOutcome). */
type RowOutcome = { outcome: string; result?: unknown; message?: string; code?: string };

const saved = (row: Row): RowOutcome => ({ outcome: 'saved', result: pricedRow(row) });

const BOOKS: FakeAnswer = { status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [] } };
const BATCH = '/user/bulkcalculate/batch';
const SINGLE = '/user/bulkcalculate';

/**
 * Answers each batch call with `judge`'s outcome for every row (`batch` may answer the call
 * itself instead), the one-row call with the row priced, and the books refresh with an empty list.
 */
function installApi({
  judge = saved,
  batch,
  single,
}: {
  judge?: (row: Row) => RowOutcome;
  batch?: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
  single?: (row: Row) => FakeAnswer;
} = {}) {
  return installFakeFetch((request) => {
    if (request.path === BATCH) {
      if (batch) return batch(request);
      const { rows } = request.body as { rows: Row[] };
      return { status: 200, body: { statusCode: 0, results: rows.map(judge) } };
    }
    if (request.path === SINGLE) {
      const { row } = request.body as { row: Row };
      return single ? single(row) : { status: 200, body: pricedRow(row) };
    }
    return BOOKS;
  });
}

/** The rows of each batch call, in the order sent. */
const batches = (log: RecordedRequest[]) =>
  log.filter((request) => request.path === BATCH).map((request) => (request.body as { rows: Row[] }).rows);
const singles = (log: RecordedRequest[]) => log.filter((request) => request.path === SINGLE);

function renderPage(parser: CsvParser = streamCsv) {
  renderWithProviders(<BulkUpload parser={parser} />, { route: '/bulk-upload' });
  return userEvent.setup();
}

function progress(): number {
  return Number(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'));
}

function cardTitles(list: 'Valid Books' | 'Invalid Books'): string[] {
  const section = screen.getByRole('region', { name: list });
  return within(section)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

async function finished() {
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Finished/));
}

/** A parser the test drives: it keeps the listener and reports what the page stopped. */
function manualParser() {
  const control: { emit: (event: CsvParseEvent) => void; stopped: boolean; files: File[] } = {
    emit: () => {},
    stopped: false,
    files: [],
  };
  const parser: CsvParser = (file, onEvent) => {
    control.files.push(file);
    control.emit = (event) => act(() => onEvent(event));
    return () => {
      control.stopped = true;
    };
  };
  return { parser, control };
}

describe('/bulk-upload', () => {
  it('explains the upload and links the CSV template and example served with the app', () => {
    renderWithProviders(<BulkUploadScreen />, { route: '/bulk-upload' });

    expect(screen.getByRole('heading', { level: 1, name: 'Bulk CSV Upload' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Bulk Upload');
    expect(screen.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
      'href',
      '/bulk-upload-template.csv',
    );
    expect(screen.getByRole('link', { name: 'Download an example file' })).toHaveAttribute(
      'href',
      '/bulk-upload-example.csv',
    );
    const picker = screen.getByLabelText('CSV file');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('parses the file, prices each valid row with converted values, and lists valid and invalid books', async () => {
    const log = installApi();
    const user = renderPage();
    const text = csvText(
      [
        rawRow(),
        rawRow({ book_title: '' }),
        rawRow({
          book_title: 'Stories under the Baobab',
          format_type: 'ebook',
          is_local: 'false',
          no_of_pages: '180',
          isbn: '9780620123456',
          isbn_is_required: 'false',
        }),
        rawRow({ book_title: 'Surplus Cells' }),
      ],
      undefined,
      [[], [], [], ['one too many']],
    );

    await user.upload(screen.getByLabelText('CSV file'), csvFile(text));
    await finished();

    expect(progress()).toBe(100);
    expect(cardTitles('Valid Books')).toEqual(['The Karoo Diaries', 'Stories under the Baobab']);
    expect(cardTitles('Invalid Books')).toEqual(['Row on line 3', 'Surplus Cells']);
    const invalid = screen.getByRole('region', { name: 'Invalid Books' });
    expect(within(invalid).getByText('Title not found')).toBeInTheDocument();
    expect(within(invalid).getByText('Unexpected columns: values beyond the last column')).toBeInTheDocument();

    const karoo = screen.getByRole('heading', { name: 'The Karoo Diaries' }).closest('article') as HTMLElement;
    for (const [label, value] of [
      ['Status', 'quote'],
      ['Local price', 'R 249.99'],
      ['Local royalty', 'R 61.50'],
      ['International price', 'USD 14.99'],
      ['International royalty', 'USD 3.25'],
      ['ISBN', 'to be provided'],
      ['Format', 'print'],
      ['Page count', '220'],
    ]) {
      expect(karoo).toHaveTextContent(`${label}${value}`);
    }
    expect(within(karoo).getByRole('link', { name: /Complete Process/ })).toHaveAttribute('href', '/books');
    const baobab = screen.getByRole('heading', { name: 'Stories under the Baobab' }).closest('article') as HTMLElement;
    expect(baobab).toHaveTextContent('ISBN9780620123456');
    expect(baobab).toHaveTextContent('FormateBook');
    expect(baobab).toHaveTextContent('Local priceNot applicable');

    const calls = log.filter((request) => request.path === BATCH);
    expect(calls).toHaveLength(1);
    expect((calls[0]?.body as { is_bulk: boolean }).is_bulk).toBe(true);
    const [rows = []] = batches(log);
    expect(rows).toHaveLength(2);
    expect(singles(log)).toHaveLength(0);
    expect(rows[0]).toMatchObject({
      book_title: 'The Karoo Diaries',
      is_local: true,
      is_international: true,
      heavy_graphics: false,
      isbn: null,
      no_of_pages: 220,
      local_price: 249.99,
      l_paper_type_id: 1,
    });
    expect(Object.keys(rows[0] ?? {})).toHaveLength(32);
    expect(rows[1]).toMatchObject({ isbn: '9780620123456', is_local: false });
    // The quotes are new books and cart items of the user: the session's user (the top bar's
    // balance and cart) is read again; the books and cart queries on screen refetch too.
    await waitFor(() => expect(log.some((request) => request.path === '/user/viewuserinfo')).toBe(true));
  });

  it('refuses every row of a file whose header has a column too many or too few, without calling the server', async () => {
    const log = installApi();
    const user = renderPage();
    const columns = ['colour', ...['book_title', 'is_local', 'is_international']];

    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile(csvText([rawRow(), rawRow({ book_title: 'Second' })], columns)),
    );
    await finished();

    expect(cardTitles('Invalid Books')).toEqual(['The Karoo Diaries', 'Second']);
    expect(screen.getAllByText(/^Missing columns: barcode_is_required, bind, duplex_needed/)).toHaveLength(2);
    expect(screen.getAllByText('Unexpected columns: colour')).toHaveLength(2);
    expect(
      within(screen.getByRole('region', { name: 'Valid Books' })).getByText('No valid books.'),
    ).toBeInTheDocument();
    expect(batches(log)).toHaveLength(0);
    expect(progress()).toBe(100);
  });

  it("drops rows the server already has with 'Duplicate upload detected'", async () => {
    installApi({
      judge: (row) =>
        row.book_title === 'The Karoo Diaries'
          ? { outcome: 'duplicate', message: 'Duplicate upload detected', code: 'DUPLICATE_UPLOAD' }
          : saved(row),
    });
    const user = renderPage();

    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile(csvText([rawRow(), rawRow({ book_title: 'A New Book' })])),
    );
    await finished();

    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate upload detected');
    expect(cardTitles('Valid Books')).toEqual(['A New Book']);
    expect(cardTitles('Invalid Books')).toEqual([]);
  });

  it('drops a repeated book within the file too, sending it once', async () => {
    const log = installApi();
    const user = renderPage();

    await user.upload(screen.getByLabelText('CSV file'), csvFile(csvText([rawRow(), rawRow()])));
    await finished();

    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate upload detected');
    expect(cardTitles('Valid Books')).toEqual(['The Karoo Diaries']);
    expect(batches(log).map((rows) => rows.length)).toEqual([1]);
  });

  it('lists a row the server refuses under Invalid Books with its message', async () => {
    installApi({
      judge: () => ({
        outcome: 'invalid',
        message: 'Please enter a valid selling price for your book',
        code: 'VALIDATION',
      }),
    });
    const user = renderPage();

    await user.upload(screen.getByLabelText('CSV file'), csvFile(csvText([rawRow()])));
    await finished();

    expect(cardTitles('Invalid Books')).toEqual(['The Karoo Diaries']);
    expect(screen.getByText('Please enter a valid selling price for your book')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a header only', csvText([])],
    ['an empty file', ''],
  ])("says 'No books detected in your CSV document.' for %s", async (_case, text) => {
    const log = installApi();
    const user = renderPage();

    await user.upload(screen.getByLabelText('CSV file'), csvFile(text));

    expect(await screen.findByText(NO_BOOKS)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Valid Books' })).not.toBeInTheDocument();
    expect(batches(log)).toHaveLength(0);
  });

  it('moves the progress bar with the bytes parsed, then with the rows priced', async () => {
    const answers = [deferred<void>(), deferred<void>()];
    let call = 0;
    const log = installApi({
      batch: async (request) => {
        const answer = answers[call];
        call += 1;
        await answer?.promise;
        const { rows } = request.body as { rows: Row[] };
        return { status: 200, body: { statusCode: 0, results: rows.map(saved) } };
      },
    });
    const { parser, control } = manualParser();
    const user = renderPage(parser);

    await user.upload(screen.getByLabelText('CSV file'), csvFile('ignored by the manual parser'));
    expect(control.files.map((file) => file.name)).toEqual(['books.csv']);
    expect(progress()).toBe(0);
    expect(screen.getByRole('status')).toHaveTextContent('Reading books.csv: 0 rows so far');

    const first = Array.from({ length: BATCH_SIZE }, (_, i) =>
      rawRow({ book_title: `Book ${String(i + 1).padStart(2, '0')}` }),
    );
    control.emit({ type: 'rows', rows: first, progress: 0.4 });
    expect(progress()).toBe(20);
    expect(screen.getByRole('status')).toHaveTextContent(`Reading books.csv: ${BATCH_SIZE} rows so far`);

    control.emit({
      type: 'rows',
      rows: [rawRow({ book_title: 'Next To Last' }), rawRow({ book_title: 'Last Book' }), rawRow({ book_title: '' })],
      progress: 1,
    });
    expect(progress()).toBe(50);
    expect(cardTitles('Invalid Books')).toEqual([`Row on line ${BATCH_SIZE + 4}`]);
    expect(batches(log)).toHaveLength(0);

    control.emit({ type: 'done' });
    // A full batch and one of 2 rows, both sent at once.
    await waitFor(() => expect(batches(log).map((rows) => rows.length)).toEqual([BATCH_SIZE, 2]));
    expect(progress()).toBe(50);
    expect(screen.getByRole('status')).toHaveTextContent(`Calculating prices and royalties: 0 of ${BATCH_SIZE + 2}`);

    await act(async () => answers[0]?.resolve());
    await waitFor(() => expect(progress()).toBe(99));
    expect(cardTitles('Valid Books')).toHaveLength(BATCH_SIZE);
    expect(screen.getByRole('status')).toHaveTextContent(
      `Calculating prices and royalties: ${BATCH_SIZE} of ${BATCH_SIZE + 2}`,
    );

    await act(async () => answers[1]?.resolve());
    await waitFor(() => expect(progress()).toBe(100));
    expect(cardTitles('Valid Books').at(-1)).toBe('Last Book');
    expect(screen.getByRole('status')).toHaveTextContent(`Finished: ${BATCH_SIZE + 2} valid, 1 invalid`);
  });

  it('prices BATCH_SIZE rows a call, two calls at a time', async () => {
    const held = deferred<void>();
    const log = installApi({
      batch: async (request) => {
        await held.promise;
        const { rows } = request.body as { rows: Row[] };
        return { status: 200, body: { statusCode: 0, results: rows.map(saved) } };
      },
    });
    const user = renderPage();
    const rows = Array.from({ length: 2 * BATCH_SIZE + 20 }, (_, i) => rawRow({ book_title: `Book number ${i + 1}` }));

    await user.upload(screen.getByLabelText('CSV file'), csvFile(csvText(rows)));
    await waitFor(() => expect(batches(log)).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(batches(log)).toHaveLength(2);

    await act(async () => held.resolve());
    await finished();
    expect(batches(log).map((sent) => sent.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 20]);
    expect(
      batches(log)
        .flat()
        .map((row) => row.book_title),
    ).toEqual(rows.map((_, i) => `Book number ${i + 1}`));
    expect(cardTitles('Valid Books')).toHaveLength(2 * BATCH_SIZE + 20);
    expect(singles(log)).toHaveLength(0);
  });

  it('prices the rows of a batch the server refuses whole one by one, each with its own answer', async () => {
    const log = installApi({
      batch: () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/rows/1/book_title must match pattern',
          code: 'FST_ERR_VALIDATION',
        },
      }),
      single: (row) =>
        row.book_title === 'Bell\u0007 Book'
          ? {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'body/row/book_title must match pattern "^[^\\u0000-\\u001f]*$"',
                code: 'FST_ERR_VALIDATION',
              },
            }
          : row.book_title === 'Known Book'
            ? {
                status: 409,
                body: {
                  statusCode: 409,
                  error: 'Conflict',
                  message: 'Duplicate upload detected',
                  code: 'DUPLICATE_UPLOAD',
                },
              }
            : { status: 200, body: pricedRow(row) },
    });
    const user = renderPage();

    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile(
        csvText([
          rawRow({ book_title: 'Good Book' }),
          rawRow({ book_title: 'Bell\u0007 Book' }),
          rawRow({ book_title: 'Known Book' }),
        ]),
      ),
    );
    await finished();

    expect(batches(log)).toHaveLength(1);
    expect(singles(log).map((request) => (request.body as { row: Row }).row.book_title)).toEqual([
      'Good Book',
      'Bell\u0007 Book',
      'Known Book',
    ]);
    expect(cardTitles('Valid Books')).toEqual(['Good Book']);
    expect(cardTitles('Invalid Books')).toEqual(['Bell\u0007 Book']);
    expect(screen.getByText(/book_title must match pattern/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Duplicate upload detected');
    expect(screen.getByRole('status')).toHaveTextContent('Finished: 1 valid, 1 invalid');
  });

  it('Close resets everything and stops the run: late answers are ignored', async () => {
    const held = deferred<void>();
    installApi({
      batch: async (request) => {
        await held.promise;
        const { rows } = request.body as { rows: Row[] };
        return { status: 200, body: { statusCode: 0, results: rows.map(saved) } };
      },
    });
    const { parser, control } = manualParser();
    const user = renderPage(parser);
    const picker = screen.getByLabelText('CSV file') as HTMLInputElement;

    await user.upload(picker, csvFile('x'));
    control.emit({ type: 'rows', rows: [rawRow(), rawRow({ book_title: '' })], progress: 1 });
    control.emit({ type: 'done' });
    expect(cardTitles('Invalid Books')).toEqual(['Row on line 3']);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => held.resolve());

    expect(control.stopped).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Valid Books' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invalid Books' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.queryByText('The Karoo Diaries')).not.toBeInTheDocument();
    const fresh = screen.getByLabelText('CSV file') as HTMLInputElement;
    expect(fresh.files).toHaveLength(0);
    expect(fresh).toBeEnabled();
  });

  it('Close after a finished upload clears the messages, and another file starts afresh', async () => {
    installApi();
    const user = renderPage();

    await user.upload(screen.getByLabelText('CSV file'), csvFile(''));
    expect(await screen.findByText(NO_BOOKS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(NO_BOOKS)).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('CSV file'), csvFile(csvText([rawRow()])));
    await finished();
    expect(cardTitles('Valid Books')).toEqual(['The Karoo Diaries']);
    expect(screen.queryByText(NO_BOOKS)).not.toBeInTheDocument();
  });

  it('reports a file the parser cannot read', async () => {
    installApi();
    const { parser, control } = manualParser();
    const user = renderPage(parser);

    await user.upload(screen.getByLabelText('CSV file'), csvFile('x'));
    control.emit({ type: 'error', message: 'The file could not be read.' });

    expect(screen.getByRole('alert')).toHaveTextContent('We could not read this CSV file');
    expect(screen.getByRole('alert')).toHaveTextContent('The file could not be read.');
  });
});
