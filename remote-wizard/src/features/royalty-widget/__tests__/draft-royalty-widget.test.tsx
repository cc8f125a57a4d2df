import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { estimateRoyalties, formatRand, toPriceConfig } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import { writeDraft } from '../../../lib/draft-storage';
import { DraftRoyaltyWidget } from '../draft-royalty-widget';
import { readRoyaltyDraft, toEstimateInput } from '../royalty-draft';

const RESOURCES = [
  { group: 'localPaperTypes', id: 1, name: 'Bond 80 gsm', maxPage: 500, unitCost: 0.12 },
  { group: 'localBookTypes', id: 2, name: 'Soft cover', maxPage: null, unitCost: 20 },
];
const PRICES = { ebook: { conversionFixed: 450, uploadFee: 299 } };

beforeEach(() => {
  localStorage.clear();
  installFakeFetch((request) => {
    if (request.path === '/user/quoteinfo') return { status: 200, body: { statusCode: 0, results: RESOURCES } };
    if (request.path === '/user/pricinglist') return { status: 200, body: { statusCode: 0, results: [PRICES] } };
    return new Promise(() => undefined); // the server's estimate never arrives here
  });
  // The draft as the form stores it: strings, option objects, flags.
  writeDraft('bookFormat', 'Print');
  writeDraft('isLocal', true);
  writeDraft('bookPrice', '30');
  writeDraft('numPages', '120');
  writeDraft('localPaperType', { id: 1, name: 'Bond 80 gsm', maxPage: 500 });
  writeDraft('localCoverPaperType', 2);
});

test("reads the calc_ draft and 'Use minimum price' writes the region's price back to it", async () => {
  renderWithProviders(<DraftRoyaltyWidget progress={22.22} />);
  const region = await screen.findByRole('group', { name: 'Local (est.)' });
  const before = toEstimateInput(readRoyaltyDraft(), RESOURCES as never);
  const estimate = before && estimateRoyalties(before, toPriceConfig(PRICES));
  if (!estimate || estimate.statusCode !== 0 || !estimate.local) throw new Error('no estimate');
  expect(within(region).getByText(formatRand(estimate.local.royalty))).toBeInTheDocument();
  expect(estimate.local.royalty).toBeLessThan(0);

  const user = userEvent.setup();
  await user.click(within(region).getByRole('button', { name: 'Local breakdown' }));
  await user.click(within(region).getByRole('button', { name: 'Use minimum price' }));
  expect(localStorage.getItem('calc_bookPrice')).toBe(JSON.stringify(estimate.local.minimumPrice?.toFixed(2)));
  const royalty = within(screen.getByRole('group', { name: 'Local (est.)' })).getAllByText(/^R \d+\.\d{2}$/)[0];
  expect(Number(royalty?.textContent?.slice(2))).toBeGreaterThanOrEqual(0);
});
