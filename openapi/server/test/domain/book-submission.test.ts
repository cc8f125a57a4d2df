import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PRICE_CONFIG } from '@pod/shared-contracts/pricing';
import { bookFileChanged, isApproved, mergeFiles, planCharges, SERVICE } from '../../src/domain/book-submission.js';
import { jpegSize } from '../../src/domain/jpeg-size.js';
import { jpegFile } from '../helpers/upload-files.js';

const processing = { name: 'eBook processing', description: 'x', cost: 299, discount: 0, discount_type: 0 };
const plan = (input: Partial<Parameters<typeof planCharges>[0]>) =>
  planCharges({
    item: [processing],
    charged: [],
    conversionRequested: false,
    revision: false,
    prices: DEFAULT_PRICE_CONFIG,
    ...input,
  });

describe('book submission rules', () => {
  it('plans the conversion once per upload, and takes it out of an unpaid item when no longer asked for', () => {
    const added = plan({ conversionRequested: true });
    assert.deepEqual(
      added.itemServices?.map((s) => [s.name, s.cost]),
      [
        ['eBook processing', 299],
        [SERVICE.conversion, 450],
      ],
    );
    assert.deepEqual(added.charged, [SERVICE.conversion]);
    // The same request again changes nothing.
    const again = plan({ item: added.itemServices, charged: added.charged, conversionRequested: true });
    assert.deepEqual(again, { itemServices: null, newItem: null, charged: [SERVICE.conversion] });
    // Unticked before payment: out again.
    const unticked = plan({ item: added.itemServices, charged: added.charged });
    assert.deepEqual(unticked.itemServices, [processing]);
    assert.deepEqual(unticked.charged, []);
    // Paid (no item): never charged again, nothing taken back.
    assert.deepEqual(plan({ item: null, charged: [SERVICE.conversion], conversionRequested: true }), {
      itemServices: null,
      newItem: null,
      charged: [SERVICE.conversion],
    });
    assert.deepEqual(plan({ item: null, charged: [SERVICE.conversion] }).charged, [SERVICE.conversion]);
  });

  it('plans a revision in the unpaid item once, or in a new item when there is none', () => {
    const first = plan({ revision: true });
    assert.deepEqual(
      first.itemServices?.map((s) => [s.name, s.cost]),
      [
        ['eBook processing', 299],
        [SERVICE.revision, 250],
      ],
    );
    assert.equal(plan({ item: first.itemServices, revision: true }).itemServices, null);
    const fresh = plan({ item: null, revision: true, prices: { ...DEFAULT_PRICE_CONFIG, fileRevision: 300 } });
    assert.deepEqual(
      fresh.newItem?.map((s) => [s.name, s.cost]),
      [[SERVICE.revision, 300]],
    );
    assert.equal(plan({ item: null }).newItem, null);
  });

  it('replaces files kind by kind and tells a new book file from the same one', () => {
    const contract = { filename: 'c.pdf', title: 'Contract', kind: 'contract' };
    const book = { filename: 'b1.pdf', title: 'Book', kind: 'book' };
    const thumbnail = { filename: 't1.jpg', title: 'Thumbnail', kind: 'thumbnail' };
    const newBook = { filename: 'b2.pdf', title: 'Book', kind: 'book' };
    assert.deepEqual(mergeFiles([contract, book, thumbnail], [newBook]), [contract, thumbnail, newBook]);
    assert.equal(bookFileChanged([contract, book], [book, thumbnail]), false);
    assert.equal(bookFileChanged([contract, book], [newBook]), true);
    assert.equal(bookFileChanged([contract, book], [thumbnail]), false);
    const chapter = (n: number, name: string) => ({ filename: name, title: `Chapter ${n}`, kind: 'audio' });
    assert.equal(bookFileChanged([chapter(1, 'a'), chapter(2, 'b')], [chapter(1, 'a'), chapter(2, 'b')]), false);
    assert.equal(bookFileChanged([chapter(1, 'a'), chapter(2, 'b')], [chapter(1, 'b'), chapter(2, 'a')]), true);
    assert.deepEqual(['quote', 'pending', 'Denied', '', undefined, 'approved', 'in production'].map(isApproved), [
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('reads a JPEG size from its frame header, past APPn segments and fill bytes', () => {
    assert.deepEqual(jpegSize(jpegFile(1600, 2500)), { width: 1600, height: 2500 });
    const withExif = jpegFile(3000, 3000, 100_000);
    assert.deepEqual(jpegSize(withExif), { width: 3000, height: 3000 });
    assert.equal(jpegSize(withExif.subarray(0, 65_536)), 'incomplete');
    // Fill bytes before a marker, and a progressive frame (SOF2).
    const progressive = Buffer.from([0xff, 0xd8, 0xff, 0xff, 0xc2, 0, 11, 8, 0, 20, 0, 10, 1, 0, 0]);
    assert.deepEqual(jpegSize(progressive), { width: 10, height: 20 });
    assert.equal(jpegSize(Buffer.from('%PDF-1.7')), 'invalid');
    assert.equal(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2])), 'invalid');
    assert.equal(jpegSize(Buffer.from([0xff, 0xd8, 0x00])), 'invalid');
  });
});
