import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@pod/shared-contracts';
import { installFakeFetch, installFakeSignaturePad, renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';
import { STAGES } from '../lib/stages';

// Accept Terms and Sign draws on canvases jsdom does not have.
installFakeSignaturePad();

function Where() {
  return <output>{useLocation().pathname}</output>;
}

/** Renders the App at `path` and lets its route's screen (a chunk of its own) arrive. */
async function renderAt(path: string) {
  let view!: ReturnType<typeof renderWithProviders>;
  await act(async () => {
    view = renderWithProviders(
      <>
        <App />
        <Where />
      </>,
      { route: path },
    );
  });
  return view;
}

/** general-info's genre pickers once GET /user/quoteinfo has answered (no update after the test). */
const genresLoaded = async () => expect(await screen.findAllByRole('option', { name: 'Select…' })).toHaveLength(2);
const progress = () => screen.getByRole('progressbar', { name: 'Upload progress' });

beforeEach(() => {
  localStorage.clear();
  // general-info loads the genres (GET /user/quoteinfo); none are needed here.
  installFakeFetch(() => ({ status: 200, body: { statusCode: 0, results: [] } }));
});

describe('remote_wizard App', () => {
  it.each([
    ['/new-book', '/new-book/publishing-rights', 'New book: Publishing Rights'],
    ['/my-first-book', '/my-first-book/publishing-rights', 'My first book: Publishing Rights'],
  ])('sends %s to its first stage', async (path, target, title) => {
    await renderAt(path);
    expect(screen.getByRole('status')).toHaveTextContent(target);
    expect(screen.getByRole('heading', { level: 1, name: 'Publishing Rights' })).toBeInTheDocument();
    expect(document.title).toBe(`Print on Demand | ${title}`);
    expect(progress()).toHaveAttribute('aria-valuetext', '0%');
  });

  /** Every stage name has a screen of its own: no placeholder is left. */
  it.each(STAGES)('renders a screen of its own for %s', async (stage) => {
    localStorage.setItem('calc_bookFormat', JSON.stringify('print'));
    const { queryClient } = await renderAt(`/new-book/${stage}`);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Page Not Found');
    expect(screen.queryByText('This screen is on its way.')).not.toBeInTheDocument();
    expect(progress()).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it.each([
    ['upload-type', 'Select Upload Type', '88.89'],
    ['metadata', 'Additional Details', '100'],
    ['confirm-bleed-cover', 'Cover Requirements', '100'],
    ['upload-assets', 'Upload Your Files', '100'],
    ['upload-audio', 'Upload Your Audio Files', '100'],
    ['accept-terms-additional', 'Applicability of Terms and Conditions', '100'],
    ['applicability', 'Applicability of Terms and Conditions', '100'],
    ['payment-method', 'Select Payment Method', '100'],
    ['submission-complete', 'Submission complete', '100'],
  ])('shows %s with its heading and progress, under both base paths', async (stage, heading, percent) => {
    localStorage.setItem('calc_bookFormat', JSON.stringify('print'));
    const { queryClient } = await renderAt(`/my-first-book/${stage}`);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`Print on Demand | My first book: ${heading}`);
    expect(progress()).toHaveAttribute('aria-valuenow', percent);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('shows general-info (book details, page 1) at 1 of 9 stages', async () => {
    await renderAt('/new-book/general-info');
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | New book: Book details');
    expect(progress()).toHaveAttribute('aria-valuenow', '11.11');
    expect(progress()).toHaveAttribute('aria-valuetext', '11%');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await genresLoaded();
  });

  it('shows confirm-details (book details, page 3) for a draft with a format', async () => {
    localStorage.setItem('calc_bookFormat', JSON.stringify('print'));
    await renderAt('/my-first-book/confirm-details');
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm specifications' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | My first book: Confirm specifications');
    expect(progress()).toHaveAttribute('aria-valuenow', '33.33');
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    // The summary waits for the options (GET /user/quoteinfo), and Confirm for the summary.
    expect(await screen.findByText('Format', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it.each([
    ['publisher-info', 'Publisher Details', '44.44'],
    ['bank-details', 'Your Bank Details', '55.56'],
  ])('routes %s under /my-first-book too', async (stage, heading, percent) => {
    await renderAt(`/my-first-book/${stage}`);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`Print on Demand | My first book: ${heading}`);
    expect(progress()).toHaveAttribute('aria-valuenow', percent);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it.each([
    ['/new-book/accept-terms', 'Accept Terms and Sign', 'New book: Accept Terms and Sign', '66.67'],
    ['/my-first-book/contract', 'Check Your Email', 'My first book: Check Your Email', '77.78'],
  ])('shows %s', async (path, heading, title, percent) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`Print on Demand | ${title}`);
    expect(progress()).toHaveAttribute('aria-valuenow', percent);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('divides by 10 stages once the upload type is raw', async () => {
    localStorage.setItem('calc_rawOrPdf', JSON.stringify('raw'));
    await renderAt('/new-book/general-info');
    expect(progress()).toHaveAttribute('aria-valuenow', '10');
    await genresLoaded();
  });

  it('keeps the base path it was entered by when Continue moves on', async () => {
    await renderAt('/my-first-book/publishing-rights');
    await userEvent.click(screen.getByRole('checkbox', { name: 'This title is in the public domain' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A compilation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('status')).toHaveTextContent('/my-first-book/general-info');
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | My first book: Book details');
    expect(JSON.parse(localStorage.getItem('calc_completedSteps') ?? '[]')).toEqual(['publishing-rights']);
    await genresLoaded();
  });

  it("reads 'Next' on a completed stage and keeps its answers", async () => {
    localStorage.setItem('calc_completedSteps', JSON.stringify(['publishing-rights']));
    localStorage.setItem(
      'calc_publishingRights',
      JSON.stringify({ basis: 'owner', copyright: 'no', publicDomainKind: null }),
    );
    await renderAt('/new-book/publishing-rights');

    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status')).toHaveTextContent('/new-book/general-info');
    await genresLoaded();
  });

  it('starts again from an empty questionnaire after Go Back', async () => {
    await renderAt('/new-book/publishing-rights');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I own the copyright and the publishing rights of this title' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('link', { name: 'Go Back' }));

    expect(screen.getByRole('status')).toHaveTextContent('/new-book/publishing-rights');
    expect(
      screen.getByRole('checkbox', { name: 'I own the copyright and the publishing rights of this title' }),
    ).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['print', 'calculator'],
    ['ebook', 'e-book'],
    ['audiobook', 'audio-book'],
  ])('shows page 2 of a %s book on %s, with the royalty widget', async (format, stage) => {
    localStorage.setItem('calc_bookFormat', JSON.stringify(format));
    const { queryClient } = await renderAt(`/new-book/${stage}`);
    expect(screen.getByText(`/new-book/${stage}`, { selector: 'output' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Book details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Royalty calculator' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuetext', '22%');
    expect(screen.getByRole('region', { name: 'Royalty estimate' })).toHaveTextContent('Not enough info');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('sends page 2 without a format back to page 1', async () => {
    await renderAt('/my-first-book/calculator');
    expect(screen.getByRole('status')).toHaveTextContent('/my-first-book/general-info');
    await genresLoaded();
  });

  it('shows no royalty widget on other stages', async () => {
    await renderAt('/new-book/bank-details');
    expect(screen.queryByRole('region', { name: 'Royalty estimate' })).not.toBeInTheDocument();
  });

  it('shows Page Not Found for an unknown stage', async () => {
    await renderAt('/new-book/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
