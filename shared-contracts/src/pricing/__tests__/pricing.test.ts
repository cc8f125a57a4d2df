import {
  DEFAULT_PRICE_CONFIG as config,
  PAGE_LIMIT_MESSAGE,
  estimateRoyalties,
  internationalPrintCost,
  localPrintCost,
  isAcceptedRoyaltyCents,
  minimumPriceCents,
  processingCost,
  royaltyBreakdownCents,
  sizeFactor,
  toPriceConfig,
  type EstimateInput,
} from '../index';

// The worked examples the server README repeats. Every figure here was worked by hand from the
// formulas in royalty.ts and print-cost.ts with the default configuration.
const paper = (unitCost: number, maxPage: number | null = 1200) => ({ unitCost, maxPage });

const EXAMPLES: Array<{
  name: string;
  input: EstimateInput;
  region: 'local' | 'international';
  printCost: number;
  lines: Record<string, number>;
  royalty: number;
  minimumPrice: number;
}> = [
  {
    name: 'local paperback, 240 pages at R249',
    input: { format: 'print', pages: 240, local: { price: 249, paper: paper(0.18), cover: paper(14) } },
    region: 'local',
    printCost: 82.2,
    lines: { listPrice: 24900, vat: -3248, platformShare: -4330, printCost: -8220 },
    royalty: 91.02,
    minimumPrice: 118.16,
  },
  {
    name: 'international paperback, 240 pages at $15.99',
    input: {
      format: 'print',
      pages: 240,
      international: { price: 15.99, paper: paper(0.013, 828), cover: paper(1, 828) },
    },
    region: 'international',
    printCost: 6.62,
    lines: { listPrice: 1599, wholesaleShare: -480, printCost: -662 },
    royalty: 4.57,
    minimumPrice: 9.45,
  },
  {
    name: 'eBook at $9.99',
    input: { format: 'ebook', pages: null, international: { price: 9.99 } },
    region: 'international',
    printCost: 0,
    lines: { listPrice: 999, wholesaleDiscount: -500, channelShare: -150 },
    royalty: 3.49,
    minimumPrice: 0.02,
  },
  {
    name: 'local audiobook at R199',
    input: { format: 'audiobook', pages: 100, local: { price: 199 } },
    region: 'local',
    printCost: 0,
    lines: { listPrice: 19900, vat: -2596, wholesaleDiscount: -8652, channelShare: -2596 },
    royalty: 60.56,
    minimumPrice: 0.01,
  },
  {
    name: 'local A4 colour spiral book, 100 pages at R300 (negative)',
    input: {
      format: 'print',
      pages: 100,
      heightMm: 297,
      widthMm: 210,
      local: { price: 300, paper: paper(0.95, 400), cover: paper(14), spiral: true },
    },
    region: 'local',
    printCost: 241.95,
    lines: { listPrice: 30000, vat: -3913, platformShare: -5217, printCost: -24195 },
    royalty: -33.25,
    minimumPrice: 347.81,
  },
];

describe('pricing engine: worked examples', () => {
  it.each(EXAMPLES)('$name', ({ input, region, printCost, lines, royalty, minimumPrice }) => {
    const estimate = estimateRoyalties(input, config);
    if (estimate.statusCode !== 0) throw new Error('expected an estimate');
    const result = estimate[region];
    if (!result) throw new Error(`expected a ${region} estimate`);
    expect(result.printCost).toBe(printCost);
    expect(Object.fromEntries(result.lines.map((line) => [line.key, line.cents]))).toEqual(lines);
    expect(result.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(result.royaltyCents);
    expect(result.royalty).toBe(royalty);
    expect(result.minimumPrice).toBe(minimumPrice);
  });

  it.each(EXAMPLES)(
    'the minimum price of "$name" (1 cent or more) gives an accepted royalty (0.00 or more, above 0 for an eBook), one cent less not',
    ({ input, region, printCost }) => {
      const format = input.format;
      const costCents = Math.round(printCost * 100);
      const minimum = minimumPriceCents(region, format, costCents, config);
      if (minimum === null) throw new Error('expected a minimum price');
      const royaltyAt = (cents: number) => royaltyBreakdownCents(region, format, cents, costCents, config).royaltyCents;
      expect(minimum).toBeGreaterThanOrEqual(1);
      expect(isAcceptedRoyaltyCents(format, royaltyAt(minimum))).toBe(true);
      if (format === 'ebook') expect(royaltyAt(minimum)).toBeGreaterThan(0);
      else expect(royaltyAt(minimum)).toBeGreaterThanOrEqual(0);
      if (minimum > 1) expect(isAcceptedRoyaltyCents(format, royaltyAt(minimum - 1))).toBe(false);
    },
  );
});

describe('pricing engine: rules', () => {
  it('answers B12 when the pages exceed the paper or cover type', () => {
    const over = estimateRoyalties(
      { format: 'print', pages: 402, local: { price: 500, paper: paper(0.95, 400), cover: paper(14) } },
      config,
    );
    expect(over).toEqual({ statusCode: 'B12', description: PAGE_LIMIT_MESSAGE, local: null, international: null });
    const saddle = estimateRoyalties(
      { format: 'print', pages: 98, local: { price: 500, paper: paper(0.2), cover: paper(6, 96) } },
      config,
    );
    expect(saddle.statusCode).toBe('B12');
    expect(
      estimateRoyalties(
        { format: 'print', pages: 400, local: { price: 500, paper: paper(0.95, 400), cover: paper(14) } },
        config,
      ).statusCode,
    ).toBe(0);
  });

  it('scales paper by page area above A5 and prices the extras', () => {
    expect(sizeFactor(210, 148)).toBe(1);
    expect(sizeFactor(152, 102)).toBe(1);
    expect(sizeFactor(297, 210)).toBe(2.01);
    expect(sizeFactor(null, 100)).toBe(1);
    expect(
      localPrintCost(
        { pages: 100, paperCostPerPage: 0.2, coverCost: 10, duplex: true, softTouch: true, spiral: true, spotUv: true },
        config,
      ),
    ).toBe(25 + 20 + 10 + 2.5 + 3 + 12 + 4);
    expect(
      internationalPrintCost(
        { pages: 100, paperCostPerPage: 0.01, coverCost: 1, duplex: true, perforation: true },
        config,
      ),
    ).toBe(5.15);
  });

  it('adds VAT to the processing cost', () => {
    const print = processingCost({ format: 'print', pages: 200, isbnRequired: true }, config);
    expect(print.services.map((s) => [s.name, s.cost])).toEqual([
      ['Print processing', 1000],
      ['ISBN creation', 250],
    ]);
    expect(print.total).toBe(1437.5);
  });

  it('charges an eBook the upload fee only: conversion is chosen with the cover requirements', () => {
    const ebook = processingCost({ format: 'ebook', pages: null, isbnRequired: false }, config);
    expect(ebook.services.map((s) => [s.name, s.cost])).toEqual([['eBook processing', 299]]);
    expect(ebook.total).toBe(343.85);
  });

  it('has no reachable minimum when even the largest price cannot cover printing', () => {
    expect(minimumPriceCents('international', 'print', 99_999_999_99, config)).toBeNull();
  });

  it('completes a stored configuration with the defaults and ignores junk', () => {
    const merged = toPriceConfig({ vatRate: 0.2, ebook: { uploadFee: 100 }, localPlatformShare: 'x', bogus: 1 });
    expect(merged.vatRate).toBe(0.2);
    expect(merged.ebook).toEqual({ uploadFee: 100, conversionFixed: 450 });
    expect(merged.localPlatformShare).toBe(0.2);
    expect('bogus' in merged).toBe(false);
  });
});
