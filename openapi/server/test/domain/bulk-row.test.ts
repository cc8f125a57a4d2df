import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOK_MESSAGES, parseBulkRow, type CsvValue } from '../../src/domain/bulk-row.js';
import { renderContractPdf } from '../../src/domain/contract-pdf.js';
import { bulkRow } from '../helpers/bulk-row.js';

// The print cost and royalty formulas are tested with their engine in
// shared-contracts/src/pricing/__tests__ (jest); these are the server's own pure rules.

describe('bulk row', () => {
  // The shared valid row, as a CSV reader hands it over: genre by id, an ISBN, the price as text.
  const row = (overrides: Record<string, CsvValue> = {}): Record<string, CsvValue> =>
    bulkRow({
      genre: 1,
      isbn: 9780306406157,
      isbn_is_required: false,
      local_price: '249.00',
      ...overrides,
    }) as Record<string, CsvValue>;
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
