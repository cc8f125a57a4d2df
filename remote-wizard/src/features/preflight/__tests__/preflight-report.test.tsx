import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PdfRenderer } from '@pod/shared-contracts';
import {
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import type { PreflightReport as Report } from '../api/preflight-book';
import {
  PREFLIGHT_ALL_GOOD,
  PREFLIGHT_BLOCKING_HEADING,
  PREFLIGHT_CHECKING,
  PREFLIGHT_FAILED,
  PREFLIGHT_WARNING_HEADING,
  PreflightReport,
} from '../preflight-report';

const FILE = new File(['%PDF-1.7 the author’s book'], 'my-book.pdf', { type: 'application/pdf' });

const PROBLEMS: Report = {
  statusCode: 0,
  checked: true,
  pages: 40,
  problems: [
    {
      code: 'PAGE_COUNT',
      severity: 'blocking',
      page: null,
      message: 'The PDF has 40 pages; the quote is for 42 pages.',
      fix: 'Upload the whole book as one PDF of 42 pages (blank pages included), or ask for a new quote for 40 pages.',
    },
    {
      code: 'LOW_DPI',
      severity: 'warning',
      page: 37,
      message: 'Page 37: image at 150 dpi; print needs 300',
      fix: 'Use a sharper image (at least 300 dpi at the size it is printed), or print it smaller.',
    },
    {
      code: 'FONT_NOT_EMBEDDED',
      severity: 'blocking',
      page: 5,
      message: 'Page 5: the font Helvetica is not embedded.',
      fix: 'Export the PDF with all fonts embedded.',
    },
  ],
};
const GOOD: Report = { statusCode: 0, checked: true, pages: 42, problems: [] };

let answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let calls: RecordedRequest[];
const preflightCalls = () => calls.filter((call) => call.method === 'POST' && call.path === '/user/preflight');

/** A renderer that records the pages it drew. */
function fakeRenderer(numPages: number) {
  const drawn: number[] = [];
  const opened: string[] = [];
  const renderer: PdfRenderer = async (data) => {
    opened.push(new TextDecoder().decode(data));
    return {
      numPages,
      renderPage: async (pageNumber) => {
        drawn.push(pageNumber);
      },
    };
  };
  return { renderer, drawn, opened };
}

beforeEach(() => {
  answer = () => ({ status: 200, body: GOOD });
  calls = installFakeFetch((request) =>
    request.path === '/user/preflight' ? answer(request) : { status: 404, body: { message: 'Not found' } },
  );
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/book'), revokeObjectURL: jest.fn() });
});

function renderReport(props: Partial<Parameters<typeof PreflightReport>[0]> = {}) {
  const onBlockedChange = jest.fn();
  const { renderer, drawn, opened } = fakeRenderer(40);
  renderWithProviders(
    <PreflightReport
      localBookId={11}
      internationalBookId={12}
      bookFilename="11-12-book-0123456789ab.pdf"
      bleedingNeeded={false}
      file={FILE}
      onBlockedChange={onBlockedChange}
      renderer={renderer}
      {...props}
    />,
  );
  return { onBlockedChange, drawn, opened };
}

describe('PreflightReport', () => {
  it("shows 'Checking your book file...' while the check runs, for the file, the books and the bleed choice", async () => {
    const held = deferred<FakeAnswer>();
    answer = () => held.promise;
    const { onBlockedChange } = renderReport({ bleedingNeeded: true });

    expect(await screen.findByRole('status')).toHaveTextContent(PREFLIGHT_CHECKING);
    await waitFor(() => expect(preflightCalls()).toHaveLength(1));
    expect(preflightCalls()[0]!.body).toEqual({
      local_bookId: 11,
      international_bookId: 12,
      book: '11-12-book-0123456789ab.pdf',
      bleeding_needed: true,
    });
    expect(onBlockedChange).toHaveBeenLastCalledWith(false);

    held.resolve({ status: 200, body: GOOD });
    expect(await screen.findByText(PREFLIGHT_ALL_GOOD)).toBeInTheDocument();
    expect(screen.queryByText(PREFLIGHT_CHECKING)).not.toBeInTheDocument();
  });

  it('says all is good and reports not blocked for a file without problems', async () => {
    const { onBlockedChange } = renderReport();
    expect(await screen.findByText(PREFLIGHT_ALL_GOOD)).toHaveAttribute('role', 'status');
    expect(onBlockedChange).toHaveBeenLastCalledWith(false);
    expect(onBlockedChange).not.toHaveBeenCalledWith(true);
  });

  it('groups the problems blocking first, each with its message and fix, and reports blocked', async () => {
    answer = () => ({ status: 200, body: PROBLEMS });
    const { onBlockedChange } = renderReport();

    const blocking = await screen.findByRole('region', { name: PREFLIGHT_BLOCKING_HEADING });
    const warnings = screen.getByRole('region', { name: PREFLIGHT_WARNING_HEADING });
    const blockingItems = within(blocking).getAllByRole('listitem');
    expect(blockingItems).toHaveLength(2);
    expect(blockingItems[0]).toHaveTextContent('Must fix The PDF has 40 pages; the quote is for 42 pages.');
    expect(blockingItems[0]).toHaveTextContent('ask for a new quote for 40 pages');
    expect(blockingItems[1]).toHaveTextContent('Page 5: the font Helvetica is not embedded.');
    const warningItems = within(warnings).getAllByRole('listitem');
    expect(warningItems).toHaveLength(1);
    expect(warningItems[0]).toHaveTextContent('Warning Page 37: image at 150 dpi; print needs 300');
    expect(warningItems[0]).toHaveTextContent('Use a sharper image');
    // The headings come in that order on the page.
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual([PREFLIGHT_BLOCKING_HEADING, PREFLIGHT_WARNING_HEADING]);
    // A problem of the whole file has no page to view.
    expect(within(blockingItems[0]!).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(onBlockedChange).toHaveBeenLastCalledWith(true));
  });

  it('warnings alone do not block', async () => {
    answer = () => ({ status: 200, body: { ...PROBLEMS, problems: [PROBLEMS.problems[1]] } });
    const { onBlockedChange } = renderReport();
    expect(await screen.findByRole('region', { name: PREFLIGHT_WARNING_HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PREFLIGHT_BLOCKING_HEADING })).not.toBeInTheDocument();
    expect(onBlockedChange).not.toHaveBeenCalledWith(true);
  });

  it("'View page 37' opens the author's own file in the PDF viewer at page 37", async () => {
    const user = userEvent.setup();
    answer = () => ({ status: 200, body: PROBLEMS });
    const { drawn, opened } = renderReport();

    await user.click(await screen.findByRole('button', { name: 'View page 37' }));
    const dialog = await screen.findByRole('dialog', { name: 'my-book.pdf' });
    expect(await within(dialog).findByText('Page 37 of 40')).toBeInTheDocument();
    await waitFor(() => expect(drawn).toEqual([37]));
    expect(opened).toEqual(['%PDF-1.7 the author’s book']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View page 5' }));
    expect(await screen.findByText('Page 5 of 40')).toBeInTheDocument();
  });

  it('shows a failed check with Check again, which asks once more', async () => {
    const user = userEvent.setup();
    answer = () => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } });
    const { onBlockedChange } = renderReport();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PREFLIGHT_FAILED);
    expect(onBlockedChange).not.toHaveBeenCalledWith(true);
    answer = () => ({ status: 200, body: PROBLEMS });
    await user.click(within(alert).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('region', { name: PREFLIGHT_BLOCKING_HEADING })).toBeInTheDocument();
    expect(preflightCalls()).toHaveLength(2);
  });

  it('shows nothing for a file that is not checked (not a print book PDF)', async () => {
    answer = () => ({ status: 200, body: { statusCode: 0, checked: false, pages: null, problems: [] } });
    renderReport();
    await waitFor(() => expect(screen.queryByText(PREFLIGHT_CHECKING)).not.toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('checks again when another file is chosen', async () => {
    answer = () => ({ status: 200, body: PROBLEMS });
    const onBlockedChange = jest.fn();
    const { renderer } = fakeRenderer(40);
    const props = {
      localBookId: 11,
      internationalBookId: null,
      bleedingNeeded: false,
      file: FILE,
      onBlockedChange,
      renderer,
    };
    const view = renderWithProviders(<PreflightReport {...props} bookFilename="11-0-book-aaaaaaaaaaaa.pdf" />);
    await waitFor(() => expect(onBlockedChange).toHaveBeenLastCalledWith(true));
    answer = () => ({ status: 200, body: GOOD });
    view.rerender(<PreflightReport {...props} bookFilename="11-0-book-bbbbbbbbbbbb.pdf" />);
    expect(await screen.findByText(PREFLIGHT_ALL_GOOD)).toBeInTheDocument();
    expect(onBlockedChange).toHaveBeenLastCalledWith(false);
    expect(preflightCalls().map((call) => (call.body as { book: string }).book)).toEqual([
      '11-0-book-aaaaaaaaaaaa.pdf',
      '11-0-book-bbbbbbbbbbbb.pdf',
    ]);
    expect(preflightCalls()[1]!.body).toMatchObject({ local_bookId: 11, international_bookId: null });
  });
});
