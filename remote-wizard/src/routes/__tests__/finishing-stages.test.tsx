import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { ApplicabilityScreen, type ApplicabilityStage } from '../applicability';
import { PaymentMethodScreen } from '../payment-method';
import { SubmissionCompleteScreen } from '../submission-complete';
import { UploadTypeScreen } from '../upload-type';
import { readCompletedStages } from '../../lib/completed-stages';
import { readDraft, writeDraft } from '../../lib/draft-storage';

const location = () => screen.getByTestId('location');

function renderAt(route: string, draft: Record<string, unknown> = {}) {
  for (const [name, value] of Object.entries(draft)) writeDraft(name, value);
  const stages: ApplicabilityStage[] = ['accept-terms-additional', 'applicability'];
  renderWithProviders(
    <Routes>
      <Route path="/new-book/upload-type" element={<UploadTypeScreen base="/new-book" />} />
      {stages.map((stage) => (
        <Route
          key={stage}
          path={`/new-book/${stage}`}
          element={<ApplicabilityScreen base="/new-book" stage={stage} />}
        />
      ))}
      <Route path="/new-book/payment-method" element={<PaymentMethodScreen base="/new-book" />} />
      <Route path="/my-first-book/submission-complete" element={<SubmissionCompleteScreen base="/my-first-book" />} />
      <Route path="/new-book/submission-complete" element={<SubmissionCompleteScreen base="/new-book" />} />
      <Route path="/new-book/metadata" element={<p>Metadata page</p>} />
      <Route path="/new-book/upload-assets" element={<p>Upload page</p>} />
      <Route path="/checkout/cart" element={<p>Cart page</p>} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
    { route, probe: true },
  );
  return userEvent.setup();
}

beforeEach(() => localStorage.clear());

describe('/new-book/upload-type (Select Upload Type)', () => {
  it('offers only PDF; Continue stores pdf, marks the stage and opens metadata', async () => {
    const user = renderAt('/new-book/upload-type');
    expect(screen.getByRole('heading', { level: 1, name: 'Select Upload Type' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location()).toHaveTextContent('/new-book/metadata');
    expect(readDraft('rawOrPdf', null)).toBe('pdf');
    expect(readCompletedStages()).toContain('upload-type');
  });

  it("takes the library's resume link: the book ids and regions, the stages up to contract, then a clean address", async () => {
    const book = (id: number, international: boolean) => ({
      id,
      book_title: 'Digital Dunes',
      format_type: 'ebook',
      no_of_pages: 120,
      isbn: null,
      is_international: international,
      misc: '{}',
    });
    const log = installFakeFetch((request) =>
      request.path === '/user/getuserbooks'
        ? { status: 200, body: { statusCode: 0, localBooks: [book(11, false)], internationalBooks: [book(12, true)] } }
        : { status: 404 },
    );
    renderAt('/new-book/upload-type?continue=true&lbid=11&ibid=12&region=li');
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Upload Type' })).toBeInTheDocument();
    // A browser without this book's draft learns its format and title from the user's books.
    await waitFor(() => expect(readDraft('bookFormat', null)).toBe('ebook'));
    expect(readDraft('title', null)).toBe('Digital Dunes');
    expect(log.filter((request) => request.path === '/user/getuserbooks')).toHaveLength(1);
    expect(readDraft('localBookId', null)).toBe(11);
    expect(readDraft('internationalBookId', null)).toBe(12);
    expect(readCompletedStages()).toContain('contract');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/new-book\/upload-type$/);
  });

  it('leads Back to metadata too, without marking the stage', async () => {
    const user = renderAt('/new-book/upload-type');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/metadata');
    expect(readCompletedStages()).not.toContain('upload-type');
  });

  it("reads 'Next' once completed", () => {
    renderAt('/new-book/upload-type', { completedSteps: ['upload-type'] });
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});

describe('Applicability of Terms and Conditions', () => {
  it.each(['accept-terms-additional', 'applicability'])(
    'on %s: Continue marks the stage and opens submission-complete',
    async (stage) => {
      const user = renderAt(`/new-book/${stage}`, { bookFormat: 'ebook' });
      expect(
        screen.getByRole('heading', { level: 1, name: 'Applicability of Terms and Conditions' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(location()).toHaveTextContent('/new-book/submission-complete');
      expect(readCompletedStages()).toContain('accept-terms-additional');
    },
  );

  it('goes forward in the order when completed before', async () => {
    const user = renderAt('/new-book/accept-terms-additional', { completedSteps: ['accept-terms-additional'] });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toHaveTextContent('/new-book/payment-method');
  });

  it('shows the material-submission terms for print only', () => {
    renderAt('/new-book/applicability', { bookFormat: 'print' });
    expect(screen.getByRole('heading', { level: 2, name: 'Material submission for print' })).toBeInTheDocument();
  });

  it('has no material-submission terms for an eBook', () => {
    renderAt('/new-book/applicability', { bookFormat: 'ebook' });
    expect(screen.queryByRole('heading', { name: 'Material submission for print' })).not.toBeInTheDocument();
  });

  it('goes back to upload-assets', async () => {
    const user = renderAt('/new-book/accept-terms-additional');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/upload-assets');
  });
});

describe('/new-book/payment-method (Select Payment Method)', () => {
  it("offers the checkout's methods; Continue stores the choice and opens submission-complete", async () => {
    const user = renderAt('/new-book/payment-method', { title: 'Stars over Limpopo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Select Payment Method' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['card', 'eft', 'paypal']);
    expect(screen.getByRole('radio', { name: 'EFT' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByRole('radio', { name: 'EFT' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location()).toHaveTextContent('/new-book/submission-complete');
    expect(readDraft('paymentMethod', null)).toBe('paypal');
    expect(readCompletedStages()).toContain('payment-method');
  });

  it('keeps the stored choice', () => {
    renderAt('/new-book/payment-method', { paymentMethod: 'card' });
    expect(screen.getByRole('radio', { name: 'Credit card' })).toBeChecked();
  });
});

describe('Submission complete', () => {
  it('confirms the book and its total cost in R, and Go to cart opens the cart', async () => {
    const user = renderAt('/new-book/submission-complete', { title: 'Stars over Limpopo', totalCost: 1150 });
    expect(screen.getByRole('heading', { level: 1, name: 'Submission complete' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Added to your cart' });
    expect(within(card).getByText('Stars over Limpopo')).toBeInTheDocument();
    expect(within(card).getByText('R 1 150.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to cart' }));
    expect(location()).toHaveTextContent('/checkout/cart');
  });

  it("offers the dashboard when the browser's back button is pressed", async () => {
    const user = renderAt('/my-first-book/submission-complete', { title: 'Stars', totalCost: 343.85 });
    expect(screen.getByText('R 343.85')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Do you wish to go back to the dashboard?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, stay here' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await user.click(screen.getByRole('button', { name: 'Yes, go back' }));
    expect(location()).toHaveTextContent('/dashboard');
  });
});
