import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOK_MESSAGES, parseBulkRow, type CsvValue } from '../../src/domain/bulk-row.js';
import { renderContractPdf } from '../../src/domain/contract-pdf.js';
import {
  DEFAULT_PRICE_CONFIG as config,
  internationalPrintCost,
  localPrintCost,
  processingCost,
  roundMoney,
  toPriceConfig,
} from '../../src/domain/pricing.js';
import { internationalRoyalty, localRoyalty } from '../../src/domain/royalty.js';

describe('pricing', () => {
  it('rounds money to cents, half away from zero', () => {
    assert.equal(roundMoney(1.005), 1.01);
    assert.equal(roundMoney(-1.005), -1.01);
    assert.equal(roundMoney(2.344), 2.34);
  });

  it('prices a local copy: base + pages x paper + cover + extras', () => {
    assert.equal(localPrintCost({ pages: 240, paperCostPerPage: 0.18, coverCost: 14 }, config), 82.2);
    assert.equal(
      localPrintCost({ pages: 100, paperCostPerPage: 0.2, coverCost: 10, duplex: true, softTouch: true, spiral: true, spotUv: true }, config),
      25 + 20 + 10 + 2.5 + 3 + 12 + 4,
    );
  });

  it('prices an international copy in USD', () => {
    assert.equal(internationalPrintCost({ pages: 240, paperCostPerPage: 0.013, coverCost: 1 }, config), 6.62);
    assert.equal(internationalPrintCost({ pages: 100, paperCostPerPage: 0.01, coverCost: 1, duplex: true, perforation: true }, config), 5.15);
  });

  it('adds VAT to the processing cost and lists the services', () => {
    const print = processingCost({ format: 'print', pages: 200, isbnRequired: true }, config);
    assert.deepEqual(print.services.map((s) => [s.name, s.cost]), [['Print processing', 1000], ['ISBN creation', 250]]);
    assert.equal(print.exVat, 1250);
    assert.equal(print.total, 1437.5);
    assert.equal(processingCost({ format: 'ebook', pages: null, isbnRequired: false }, config).total, roundMoney(749 * 1.15));
    assert.equal(processingCost({ format: 'audiobook', pages: 10, isbnRequired: false, recordingNeeded: true }, config).exVat, 1650);
  });

  it('completes a stored configuration with the defaults', () => {
    const merged = toPriceConfig({ vatRate: 0.2, ebook: { uploadFee: 100 }, bogus: 'x' });
    assert.equal(merged.vatRate, 0.2);
    assert.equal(merged.ebook.uploadFee, 100);
    assert.equal(merged.ebook.conversionFixed, config.ebook.conversionFixed);
  });
});

describe('royalty', () => {
  it('local print: price ex VAT minus the print cost', () => {
    assert.equal(localRoyalty({ format: 'print', price: 249, printCost: 82.2 }, config), roundMoney(249 / 1.15 - 82.2));
  });

  it('international print: 70% wholesale minus the print cost', () => {
    assert.equal(internationalRoyalty({ format: 'print', price: 14.99, printCost: 6.62 }, config), roundMoney(14.99 * 0.7 - 6.62));
  });

  it('eBook: 70% of what is left after a 50% wholesale discount', () => {
    assert.equal(internationalRoyalty({ format: 'ebook', price: 10, printCost: 0 }, config), 3.5);
    assert.equal(localRoyalty({ format: 'ebook', price: 115, printCost: 0 }, config), 35);
  });

  it('may be negative when the price does not cover printing', () => {
    assert.ok(localRoyalty({ format: 'print', price: 50, printCost: 82.2 }, config) < 0);
  });
});

describe('bulk row', () => {
  const row = (overrides: Record<string, CsvValue> = {}): Record<string, CsvValue> => ({
    barcode_is_required: false, bind: 'Perfect Bound', book_title: 'Stars over Limpopo', duplex_needed: false,
    finish: 'Matt', format_type: 'print', gender: null, genre: 1, heavyGraphics: false, heavy_graphics: false,
    height: 234, i_cover_type_id: null, i_duplex_covered: false, i_paper_type_id: 1, international_price: 15.99,
    is_international: true, is_local: true, isbn: 9780306406157, isbn_is_required: false, l_cover_type_id: 1,
    l_paper_type_id: 1, local_price: '249.00', nationality: null, no_of_pages: 200, perforation: false,
    recording_needed: false, soft_touch_matt_lamination: false, spine_id: 105, spiral_bound: false, spot_uv: false,
    voiceover_id: null, width: 156, ...overrides,
  });
  const fails = (overrides: Record<string, CsvValue>, message: string) =>
    assert.throws(() => parseBulkRow(row(overrides)), { message });

  it('reads a valid row, coercing text and defaulting the international cover type to 7', () => {
    const parsed = parseBulkRow(row());
    assert.equal(parsed.localPrice, 249);
    assert.equal(parsed.isbn, '9780306406157');
    assert.equal(parsed.internationalCoverTypeId, 7);
    assert.equal(parsed.isLocal && parsed.isInternational, true);
  });

  it('answers the book-details messages', () => {
    fails({ book_title: null }, 'Title not found');
    fails({ book_title: '  ' }, 'Title not found');
    fails({ book_title: 'Ab' }, BOOK_MESSAGES.titleShort);
    fails({ format_type: 'scroll' }, BOOK_MESSAGES.format);
    fails({ is_local: false, is_international: 'false' }, BOOK_MESSAGES.region);
    fails({ no_of_pages: 17 }, BOOK_MESSAGES.pagesMin);
    fails({ no_of_pages: 201 }, BOOK_MESSAGES.pagesOdd);
    fails({ no_of_pages: 1202 }, BOOK_MESSAGES.pagesMax);
    fails({ local_price: 'abc' }, BOOK_MESSAGES.priceInvalid);
    fails({ isbn: '123' }, BOOK_MESSAGES.isbnInvalid);
    fails({ l_paper_type_id: null }, BOOK_MESSAGES.localPaper);
  });

  it('sells an eBook internationally only and accepts a missing ISBN when registration is requested', () => {
    const parsed = parseBulkRow(row({ format_type: 'eBook', isbn: null, isbn_is_required: 'true', no_of_pages: null }));
    assert.equal(parsed.format, 'ebook');
    assert.equal(parsed.isLocal, false);
    assert.equal(parsed.isbn, null);
  });
});

describe('contract pdf', () => {
  it('renders a PDF with the title, parties and signature block, even with unusual characters', async () => {
    const bytes = await renderContractPdf({
      bookTitle: 'Ukukhanya – “Light”',
      formatType: 'print',
      isbn: null,
      author: 'Thandi Nkosi',
      publisher: 'Nkosi Stories',
      email: 'demo@pod.local',
      local: { price: 249, royalty: 134.32 },
      international: { price: 14.99, royalty: 3.87 },
      signedBy: 'Thandi Nkosi',
      signedPlace: 'Johannesburg',
      signedAt: new Date('2026-01-02T10:00:00Z'),
      signature: 'data:image/png;base64,not-a-png',
      supportEmail: 'support@pod.local',
    });
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), '%PDF-');
    assert.ok(bytes.length > 1500);
  });
});
