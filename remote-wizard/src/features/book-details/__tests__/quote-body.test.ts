import { EMPTY_BOOK_DRAFT, type BookDraft } from '../book-draft';
import { PRINT_BODY, PRINT_BOOK, RESOURCES } from './print-book-fixture';
import { toQuoteBody } from '../quote-body';

/** The fixture's book with the ISBN and title as an author may type them. */
const printBook = (overrides: Partial<BookDraft> = {}): BookDraft => ({
  ...PRINT_BOOK,
  title: '  Stars over Limpopo ',
  isbnNumber: '978-0 306-40615 7',
  internationalCoverPaperType: '7',
  spotUvNeeded: false,
  ...overrides,
});

describe('toQuoteBody (POST /user/getquote)', () => {
  it('sends a print book for both regions with numbers for figures and ids', () => {
    expect(toQuoteBody(printBook(), RESOURCES)).toEqual({ ...PRINT_BODY, spot_uv: false });
  });

  it('strips dashes and spaces from the ISBN, and sends none when one is to be registered', () => {
    expect(toQuoteBody(printBook({ isbnNumber: ' 978 03064-06157 ' }), RESOURCES).isbn).toBe('9780306406157');
    const registered = toQuoteBody(printBook({ isbnNumber: '', isbnNumberNeeded: true }), RESOURCES);
    expect(registered).toMatchObject({ isbn: null, isbn_is_required: true, barcode_is_required: true });
  });

  it('falls back to international cover type 7 when none is chosen', () => {
    const body = toQuoteBody(printBook({ internationalCoverPaperType: '' }), RESOURCES);
    expect(body.i_cover_type_id).toBe(7);
    expect(toQuoteBody(printBook({ internationalCoverPaperType: '3' }), RESOURCES).i_cover_type_id).toBe(3);
    const localOnly = toQuoteBody(printBook({ isInternational: false, internationalCoverPaperType: '' }), RESOURCES);
    expect(localOnly).toMatchObject({ i_cover_type_id: null, i_paper_type_id: null, international_price: null });
  });

  it("binds 'Spiral Bound' when spiral binding is needed, with the local extras", () => {
    const body = toQuoteBody(
      printBook({ spiralBoundNeeded: true, spotUvNeeded: true, duplexNeededInt: true, perforationNeededInt: true }),
      RESOURCES,
    );
    expect(body).toMatchObject({
      bind: 'Spiral Bound',
      spiral_bound: true,
      spot_uv: true,
      i_duplex_covered: true,
      perforation: true,
    });
  });

  it("takes the binding from the local cover type's name when the draft has none", () => {
    expect(toQuoteBody(printBook({ binding: '' }), RESOURCES).bind).toBe('Paperback (Perfect Bound)');
  });

  it('sends only the chosen regions: local extras, types and price go with Local', () => {
    const body = toQuoteBody(
      printBook({ isLocal: false, spiralBoundNeeded: true, softTouchMattLaminationNeeded: true }),
      RESOURCES,
    );
    expect(body).toMatchObject({
      is_local: false,
      local_price: null,
      l_paper_type_id: null,
      l_cover_type_id: null,
      spiral_bound: false,
      soft_touch_matt_lamination: false,
      bind: 'Paperback (Perfect Bound)',
    });
  });

  it('sends a custom size as typed, and a standard size from the size option when the draft lacks its mm', () => {
    const custom = toQuoteBody(printBook({ size: 'custom', height: '200', width: '130' }), RESOURCES);
    expect(custom).toMatchObject({ height: 200, width: 130 });
    const standard = toQuoteBody(printBook({ bookHeight: '', bookWidth: '', height: '300', width: '9' }), RESOURCES);
    expect(standard).toMatchObject({ height: 210, width: 148 });
  });

  it('turns Local off for an eBook and sends no print fields', () => {
    const body = toQuoteBody(
      {
        ...EMPTY_BOOK_DRAFT,
        title: 'Digital Dawn',
        bookFormat: 'ebook',
        author: 'Thandi Zulu',
        isLocal: true,
        isInternational: true,
        genre: '1',
        isbnNumber: '9780306406157',
        numPages: '120',
        bookPrice: '150',
        internationalBookPrice: '4.99',
        heavyGraphics: true,
        spotUvNeeded: true,
      },
      RESOURCES,
    );
    expect(body).toMatchObject({
      format_type: 'ebook',
      is_local: false,
      local_price: null,
      is_international: true,
      international_price: 4.99,
      l_paper_type_id: null,
      i_cover_type_id: null,
      spot_uv: false,
      heavy_graphics: true,
      heavyGraphics: true,
      finish: null,
      bind: null,
      height: null,
      width: null,
      barcode_is_required: false,
    });
  });

  it('sends the recording choices of an audiobook that needs a recording', () => {
    const audiobook: BookDraft = {
      ...EMPTY_BOOK_DRAFT,
      title: 'Voices',
      bookFormat: 'audiobook',
      isInternational: false,
      genre: '1',
      isbnNumber: '9780306406157',
      numPages: '200',
      bookPrice: '199',
      recordingRequired: true,
      voiceGender: 'female',
      voiceAccent: 'South African',
      voiceArtist: '3',
    };
    expect(toQuoteBody(audiobook, RESOURCES)).toMatchObject({
      recording_needed: true,
      gender: 'female',
      nationality: 'South African',
      voiceover_id: 3,
      is_local: true,
      local_price: 199,
    });
    expect(toQuoteBody({ ...audiobook, recordingRequired: false }, RESOURCES)).toMatchObject({
      recording_needed: false,
      gender: null,
      nationality: null,
      voiceover_id: null,
    });
  });
});
