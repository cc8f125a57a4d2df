import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { estimateRoyalties, formatRand, formatUsd, queryKeys, toPriceConfig } from '@pod/shared-contracts';
import {
  deferred,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { EMPTY_ROYALTY_DRAFT, toEstimateInput, type RoyaltyDraft } from '../royalty-draft';
import { RoyaltyWidget, type RoyaltyWidgetProps } from '../royalty-widget';

const RESOURCES = [
  { group: 'localPaperTypes', id: 1, name: 'Bond 80 gsm', maxPage: 500, unitCost: 0.12 },
  { group: 'localPaperTypes', id: 5, name: 'Thin 60 gsm', maxPage: 100, unitCost: 0.1 },
  { group: 'localBookTypes', id: 2, name: 'Soft cover', maxPage: null, unitCost: 20 },
  { group: 'internationalPaperTypes', id: 3, name: 'Cream 70 gsm', maxPage: 600, unitCost: 0.012 },
  { group: 'internationalBookTypes', id: 4, name: 'Paperback', maxPage: null, unitCost: 1.5 },
];
const PRICES = { ebook: { conversionFixed: 450, uploadFee: 299 }, vatRate: 0.15, localPlatformShare: 0.2 };
const PAGE_LIMIT = 'The amount of pages exceed the paper type.';

/** A print book for both regions with every figure the estimate needs. */
const READY: RoyaltyDraft = {
  ...EMPTY_ROYALTY_DRAFT,
  isLocal: true,
  isInternational: true,
  localPrice: 249,
  internationalPrice: 15.99,
  pages: 200,
  localPaperTypeId: 1,
  localCoverTypeId: 2,
  internationalPaperTypeId: 3,
  internationalCoverTypeId: 4,
  heightMm: 210,
  widthMm: 148,
};

/** The shared engine's own estimate of a draft, to compare the widget with. */
function engine(draft: RoyaltyDraft) {
  const input = toEstimateInput(draft, RESOURCES as never);
  if (!input) throw new Error('draft not priceable');
  const estimate = estimateRoyalties(input, toPriceConfig(PRICES));
  if (estimate.statusCode !== 0 || !estimate.local || !estimate.international) throw new Error('no figures');
  return { local: estimate.local, international: estimate.international };
}

let serverAnswer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let calls: RecordedRequest[];
const royaltyCalls = () => calls.filter((c) => c.method === 'PUT' && c.path === '/user/realtimeroyalty');

beforeEach(() => {
  // Without an answer of its own, the server never answers (the browser's estimate stays).
  serverAnswer = () => new Promise<FakeAnswer>(() => undefined);
  calls = installFakeFetch((request) => {
    if (request.path === '/user/quoteinfo') return { status: 200, body: { statusCode: 0, results: RESOURCES } };
    if (request.path === '/user/pricinglist') return { status: 200, body: { statusCode: 0, results: [PRICES] } };
    if (request.path === '/user/realtimeroyalty') return serverAnswer(request);
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
});

afterEach(() => {
  jest.useRealTimers();
});

let change: (patch: Partial<RoyaltyDraft>) => void;

function Harness({ initial, ...props }: { initial: RoyaltyDraft } & Omit<RoyaltyWidgetProps, 'draft'>) {
  const [draft, setDraft] = useState(initial);
  change = (patch) => setDraft((was) => ({ ...was, ...patch }));
  return <RoyaltyWidget draft={draft} {...props} />;
}

function renderWidget(
  initial: RoyaltyDraft,
  props: Omit<RoyaltyWidgetProps, 'draft' | 'progress'> & { progress?: number } = {},
) {
  return renderWithProviders(<Harness initial={initial} progress={props.progress ?? 22.22} {...props} />);
}

const group = (name: string) => screen.getByRole('group', { name });

test("shows 'Not enough info' while the options load and while the draft lacks figures", async () => {
  const held = deferred<FakeAnswer>();
  calls = installFakeFetch((request) =>
    request.path === '/user/quoteinfo' ? held.promise : { status: 200, body: { statusCode: 0, results: [PRICES] } },
  );
  renderWidget(READY);
  expect(screen.getByText('Not enough info')).toBeInTheDocument();
  held.resolve({ status: 200, body: { statusCode: 0, results: RESOURCES } });
  expect(await screen.findByRole('group', { name: 'Local (est.)' })).toBeInTheDocument();
  expect(screen.queryByText('Not enough info')).not.toBeInTheDocument();

  act(() => change({ pages: null }));
  expect(screen.getByText('Not enough info')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Local (est.)' })).not.toBeInTheDocument();
});

test("labels read '(est.)' below 33.33 percent progress and the final form from it on", async () => {
  const first = renderWidget(READY, { progress: 22.22 });
  expect(await screen.findByRole('group', { name: 'Local (est.)' })).toBeInTheDocument();
  expect(group('International (est.)')).toBeInTheDocument();
  first.unmount();

  renderWidget(READY, { progress: (3 / 9) * 100 });
  expect(await screen.findByRole('group', { name: 'Local' })).toBeInTheDocument();
  expect(group('International')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Local (est.)' })).not.toBeInTheDocument();
});

test('shows the local royalty in R and the international one in USD, 2 decimals, as the engine computes them', async () => {
  renderWidget(READY);
  const expected = engine(READY);
  const local = await screen.findByRole('group', { name: 'Local (est.)' });
  expect(within(local).getByText(formatRand(expected.local.royalty))).toHaveTextContent(/^R \d+\.\d{2}$/);
  const international = group('International (est.)');
  expect(within(international).getByText(formatUsd(expected.international.royalty))).toHaveTextContent(
    /^USD \d+\.\d{2}$/,
  );
});

test('paper-option counts are green above 0 and red at 0', async () => {
  renderWidget(READY);
  // 200 pages: Bond (up to 500) fits, Thin (up to 100) does not.
  expect(await screen.findByText('Local paper options: 1')).toHaveClass('countSome');
  expect(screen.getByText('International paper options: 1')).toHaveClass('countSome');
  act(() => change({ pages: 700 }));
  expect(screen.getByText('Local paper options: 0')).toHaveClass('countNone');
  expect(screen.getByText('International paper options: 0')).toHaveClass('countNone');
});

test('asks the server once per burst of changes, 300 ms after the last, and not before prices and pages exist', async () => {
  jest.useFakeTimers();
  const { queryClient } = renderWidget({ ...READY, pages: null });
  await waitFor(() => expect(queryClient.getQueryData(queryKeys.prices())).toBeDefined());
  await waitFor(() => expect(queryClient.getQueryData(queryKeys.resources())).toBeDefined());

  // No pages, then no international price: nothing is sent however long it waits.
  await act(async () => jest.advanceTimersByTime(1000));
  act(() => change({ pages: 200, internationalPrice: null }));
  await act(async () => jest.advanceTimersByTime(1000));
  expect(royaltyCalls()).toHaveLength(0);

  act(() => change({ internationalPrice: 15 }));
  await act(async () => jest.advanceTimersByTime(100));
  act(() => change({ internationalPrice: 15.9 }));
  await act(async () => jest.advanceTimersByTime(100));
  act(() => change({ internationalPrice: 15.99 }));
  await act(async () => jest.advanceTimersByTime(299));
  expect(royaltyCalls()).toHaveLength(0);

  await act(async () => jest.advanceTimersByTime(1));
  await waitFor(() => expect(royaltyCalls()).toHaveLength(1));
  await act(async () => jest.advanceTimersByTime(2000));
  expect(royaltyCalls()).toHaveLength(1);
  expect(royaltyCalls()[0]?.body).toMatchObject({
    no_of_pages: 200,
    format: 'print',
    is_local: true,
    is_international: true,
    local_price: 249,
    international_price: 15.99,
    l_paper_type_id: 1,
    i_cover_type_id: 4,
  });
});

test("the server's figures replace the browser's estimate when they arrive", async () => {
  serverAnswer = () => ({
    status: 200,
    body: {
      statusCode: 0,
      localRoyalty: 12.34,
      internationRoyalty: 1.5,
      totalCost: 1150,
      breakdown: {
        local: {
          currency: 'ZAR',
          lines: [
            { key: 'listPrice', label: 'List price', amount: 249 },
            { key: 'printCost', label: 'Print cost', amount: -236.66 },
          ],
          royalty: 12.34,
          printCost: 236.66,
          minimumPrice: 230,
        },
        international: null,
      },
    },
  });
  renderWidget(READY);
  const expected = engine(READY);
  expect(await screen.findByText(formatRand(expected.local.royalty))).toBeInTheDocument();
  expect(await screen.findByText('R 12.34')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'International (est.)' })).not.toBeInTheDocument();
});

test('B12 from the server clears the royalties and says the page limit is exceeded', async () => {
  serverAnswer = () => ({
    status: 200,
    body: { statusCode: 'B12', description: PAGE_LIMIT, localRoyalty: null, internationRoyalty: null, breakdown: null },
  });
  renderWidget(READY);
  expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_LIMIT);
  expect(screen.queryByRole('group', { name: 'Local (est.)' })).not.toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'International (est.)' })).not.toBeInTheDocument();
});

test("the browser's engine reports B12 at once when the pages exceed the paper type", async () => {
  renderWidget({ ...READY, localPaperTypeId: 5 });
  expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_LIMIT);
  expect(screen.queryByRole('group', { name: 'Local (est.)' })).not.toBeInTheDocument();
});

test('the breakdown lines add up to the shown royalty, in each region', async () => {
  renderWidget(READY);
  const user = userEvent.setup();
  for (const name of ['Local', 'International']) {
    const region = await screen.findByRole('group', { name: `${name} (est.)` });
    const disclosure = within(region).getByRole('button', { name: `${name} breakdown` });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const items = within(within(region).getByRole('list', { name: `${name} breakdown` })).getAllByRole('listitem');
    const amount = (item: HTMLElement) =>
      Number(/(-?[\d ]+\.\d{2})$/.exec(item.textContent ?? '')?.[1]?.replace(/ /g, ''));
    const lines = items.slice(0, -1).map(amount);
    const royalty = amount(items[items.length - 1] as HTMLElement);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(Math.round(lines.reduce((sum, n) => sum + n, 0) * 100)).toBe(Math.round(royalty * 100));
    expect(items[items.length - 1]).toHaveTextContent('Your royalty');
    const shown = name === 'Local' ? formatRand(royalty) : formatUsd(royalty);
    expect(within(region).getAllByText(shown).length).toBeGreaterThanOrEqual(2);
  }
});

test("'Use minimum price' calls back with the engine's minimum price of the region", async () => {
  const onUseMinimumPrice = jest.fn();
  renderWidget(READY, { onUseMinimumPrice });
  const user = userEvent.setup();
  const region = await screen.findByRole('group', { name: 'International (est.)' });
  await user.click(within(region).getByRole('button', { name: 'International breakdown' }));
  await user.click(within(region).getByRole('button', { name: 'Use minimum price' }));
  const minimum = engine(READY).international.minimumPrice;
  expect(minimum).not.toBeNull();
  expect(onUseMinimumPrice).toHaveBeenCalledWith('international', minimum);
});

test('a negative royalty is reported to the page, and its end too', async () => {
  const onNegativeRoyaltyChange = jest.fn();
  renderWidget({ ...READY, localPrice: 20 }, { onNegativeRoyaltyChange });
  const region = await screen.findByRole('group', { name: 'Local (est.)' });
  expect(within(region).getByText(/^R -\d+\.\d{2}$/)).toBeInTheDocument();
  expect(onNegativeRoyaltyChange).toHaveBeenLastCalledWith(true);
  act(() => change({ localPrice: 249 }));
  expect(onNegativeRoyaltyChange).toHaveBeenLastCalledWith(false);
});
