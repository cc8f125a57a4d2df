import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys, Route, Routes } from '@pod/shared-contracts';
import { createTestQueryClient, renderWithProviders, installFakeFetch } from '@pod/shared-contracts/testing';
import { ConfirmBleedCoverScreen } from '../confirm-bleed-cover';
import { readCompletedStages } from '../../lib/completed-stages';
import { readDraft, writeDraft } from '../../lib/draft-storage';

const PRICES = [{ ebook: { conversionFixed: 450, uploadFee: 299 } }];
const location = () => screen.getByTestId('location');
const checkboxNames = () => screen.getAllByRole('checkbox');

function renderPage(format: string, draft: Record<string, unknown> = {}) {
  writeDraft('bookFormat', format);
  for (const [name, value] of Object.entries(draft)) writeDraft(name, value);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.prices(), PRICES);
  renderWithProviders(
    <Routes>
      <Route path="/new-book/confirm-bleed-cover" element={<ConfirmBleedCoverScreen base="/new-book" />} />
      <Route path="/new-book/upload-assets" element={<p>Upload page</p>} />
      <Route path="/new-book/metadata" element={<p>Metadata page</p>} />
    </Routes>,
    { route: '/new-book/confirm-bleed-cover', probe: true, queryClient },
  );
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.clear();
  installFakeFetch(() => ({ status: 404 }));
});

describe('/new-book/confirm-bleed-cover (Cover Requirements)', () => {
  it('offers thumbnail and cover design for print', () => {
    renderPage('print');
    expect(screen.getByRole('heading', { level: 1, name: 'Cover Requirements' })).toBeInTheDocument();
    expect(checkboxNames()).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Thumbnail design' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cover design for print' })).not.toBeChecked();
  });

  it('offers thumbnail design, .epub conversion with its price and heavy graphics for an eBook', () => {
    renderPage('ebook', { heavyGraphics: true });
    expect(checkboxNames()).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'Conversion to .epub' })).toHaveAccessibleDescription(
      'We convert your book file (.pdf, .docx or .indd) to .epub: R 450.00 excl. VAT.',
    );
    // Page 2's heavy-graphics choice is the same draft flag.
    expect(screen.getByRole('checkbox', { name: 'Heavy graphics handling' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Cover design for print' })).not.toBeInTheDocument();
  });

  it('lists the unchecked services on Continue; Cancel stays, Proceed stores the choices and goes on', async () => {
    const user = renderPage('ebook');
    await user.click(screen.getByRole('checkbox', { name: 'Thumbnail design' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: "Are you sure you don't need the following services?" });
    const list = within(dialog).getByRole('list', { name: 'Services not chosen' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Conversion to .epub', 'Heavy graphics handling']);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/confirm-bleed-cover');

    await user.click(screen.getByRole('checkbox', { name: 'Conversion to .epub' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const again = screen.getByRole('dialog', { name: "Are you sure you don't need the following services?" });
    expect(
      within(again)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Heavy graphics handling']);
    await user.click(within(again).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(location()).toHaveTextContent('/new-book/upload-assets'));
    expect(readDraft('thumbnailNeeded', null)).toBe(true);
    expect(readDraft('conversionNeeded', null)).toBe(true);
    expect(readDraft('heavyGraphics', null)).toBe(false);
    expect(readDraft('coverNeeded', null)).toBeNull();
    expect(readCompletedStages()).toContain('confirm-bleed-cover');
  });

  it('goes on without asking when every service is chosen', async () => {
    const user = renderPage('print', { thumbnailNeeded: true, coverNeeded: true });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/new-book/upload-assets');
  });

  it('goes back to metadata', async () => {
    const user = renderPage('print');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent('/new-book/metadata');
    expect(readCompletedStages()).not.toContain('confirm-bleed-cover');
  });
});
