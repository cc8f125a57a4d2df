import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { BankDetails, PublisherDetails } from './payout-details.js';

/**
 * The publishing contract of one book as a PDF (pdf-lib, A4): parties, the book, the royalty
 * terms with the book's figures, the publisher and pay-out details, and the signature block with
 * the signed details (drawn signature and initials when they were captured as PNG/JPEG data
 * URLs). Text is set in DejaVu Sans, embedded (subset) through fontkit, so names in Latin
 * Extended, Greek or Cyrillic print as written: pdf-lib's standard fonts only encode WinAnsi and
 * turned them into '?'. Pure apart from pdf-lib: same input, same bytes (dates come from the input).
 */

export interface ContractPdfInput {
  bookTitle: string;
  formatType: 'print' | 'ebook' | 'audiobook';
  isbn: string | null;
  /** The author as the contract names them (the account holder's name). */
  author: string;
  /** Publisher name; the author again for a self-publisher. */
  publisher: string;
  email: string;
  /** Regions the upload is sold in, with the selling price and royalty per copy. */
  local?: { price: number | null; royalty: number | null } | undefined;
  international?: { price: number | null; royalty: number | null } | undefined;
  signedBy: string;
  signedPlace: string;
  /** The signing date; for a draft, the date it was shown. */
  signedAt: Date;
  signature?: string | null | undefined;
  initials?: string | null | undefined;
  supportEmail: string;
  /** The saved (or signed) publisher details, printed under the parties. */
  publisherDetails?: PublisherDetails | undefined;
  /** The pay-out account, with the account number and IBAN already masked. */
  bankDetails?: BankDetails | undefined;
  /** The unsigned contract of the terms view: empty signature lines, no place or date. */
  draft?: boolean | undefined;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const FORMAT_LABEL = { print: 'Print', ebook: 'eBook', audiobook: 'Audiobook' } as const;

/** Control characters would print as boxes; every other character is in the embedded font or shows as its box. */
function printable(text: string): string {
  return [...text].map((char) => (isControl(char.codePointAt(0)!) ? ' ' : char)).join('');
}

/** C0 (but tab and newline) and C1 control characters. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  italic: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
let fontBytes: Promise<Record<FontName, Uint8Array>> | undefined;

/** The TTF files, read once per process. */
function loadFontBytes(): Promise<Record<FontName, Uint8Array>> {
  fontBytes ??= Promise.all(
    (Object.keys(FONT_FILES) as FontName[]).map(async (name) => [
      name,
      await readFile(require.resolve(FONT_FILES[name])),
    ]),
  ).then((entries) => Object.fromEntries(entries) as Record<FontName, Uint8Array>);
  return fontBytes;
}

/** Embeds the three DejaVu faces (subsets: only the glyphs used end up in the file). */
export async function embedContractFonts(pdf: PDFDocument): Promise<Record<FontName, PDFFont>> {
  pdf.registerFontkit(fontkit);
  const bytes = await loadFontBytes();
  return {
    regular: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
    italic: await pdf.embedFont(bytes.italic, { subset: true }),
  };
}

const money = (amount: number | null, currency: 'R' | 'USD') =>
  amount === null ? 'n/a' : `${currency} ${amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

async function embedDataUrl(pdf: PDFDocument, dataUrl: string | null | undefined): Promise<PDFImage | undefined> {
  const match = /^data:image\/(png|jpe?g);base64,(.+)$/i.exec(dataUrl ?? '');
  if (!match) return undefined;
  const bytes = Buffer.from(match[2]!, 'base64');
  try {
    return match[1]!.toLowerCase() === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    return undefined; // an unreadable image leaves the typed name in the signature block
  }
}

/** Writes flowing text top to bottom, adding A4 pages as needed. */
export class Writer {
  page: PDFPage;
  y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont },
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.pdf.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  text(raw: string, options: { size?: number; font?: 'regular' | 'bold' | 'italic'; gap?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = this.fonts[options.font ?? 'regular'];
    const width = A4[0] - 2 * MARGIN;
    const lines: string[] = [];
    for (const paragraph of printable(raw).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > width && line) {
          lines.push(line);
          line = word;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    for (const line of lines) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.12) });
      this.y -= size * 1.45;
    }
    this.y -= options.gap ?? 4;
  }
}

export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Publishing contract - ${input.bookTitle}`));
  pdf.setAuthor('Print on Demand');
  pdf.setSubject(printable(`Contract between Print on Demand and ${input.author}`));
  pdf.setCreator('Print on Demand reference API');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(input.signedAt);
  pdf.setModificationDate(input.signedAt);

  const fonts = await embedContractFonts(pdf);
  const w = new Writer(pdf, fonts);

  w.text('PUBLISHING AND DISTRIBUTION AGREEMENT', { size: 16, font: 'bold', gap: 10 });
  w.text(`Book: ${input.bookTitle}`, { size: 12, font: 'bold' });
  w.text(`Format: ${FORMAT_LABEL[input.formatType]}    ISBN: ${input.isbn ?? 'to be provided'}`, { gap: 12 });

  w.text('1. Parties', { font: 'bold', size: 12 });
  w.text(
    `This agreement is made between Print on Demand ("the Distributor") and ${input.publisher} ("the Publisher"), ` +
      `acting for the author ${input.author} (${input.email}).`,
    { gap: 10 },
  );
  if (input.publisherDetails) writePublisher(w, input.publisherDetails);

  w.text('2. Grant of rights', { font: 'bold', size: 12 });
  w.text(
    'The Publisher grants the Distributor the non-exclusive right to produce, list and sell the Book in the ' +
      'regions below for as long as this agreement is in force. The Publisher keeps the copyright and warrants ' +
      'that it owns or has cleared every right needed to publish the Book.',
    { gap: 10 },
  );

  w.text('3. Prices and royalties', { font: 'bold', size: 12 });
  if (input.local) {
    w.text(
      `Local market (South Africa): selling price ${money(input.local.price, 'R')} incl. 15% VAT; royalty per copy ` +
        `${money(input.local.royalty, 'R')}, being the selling price excluding VAT less the print cost per copy` +
        (input.formatType === 'print' ? '.' : ' (digital: 70% of the funds left after a 50% wholesale discount).'),
    );
  }
  if (input.international) {
    w.text(
      `International market: selling price ${money(input.international.price, 'USD')}; royalty per copy ` +
        `${money(input.international.royalty, 'USD')}, being ` +
        (input.formatType === 'print'
          ? '70% of the selling price (wholesale) less the international print cost per copy.'
          : '70% of the funds left after a 50% wholesale discount.'),
    );
  }
  w.text(
    'Royalties are calculated on copies sold and not returned, and are paid quarterly (March, June, September ' +
      'and December) into the bank account on record. Prices and costs may only change by a new signed agreement.',
    { gap: 10 },
  );
  if (input.bankDetails) writeBank(w, input.bankDetails);

  w.text('4. Term and termination', { font: 'bold', size: 12 });
  w.text(
    'Either party may end this agreement with 30 days written notice. Copies ordered before the end are ' +
      `fulfilled and paid as above. Questions about this contract: ${input.supportEmail}.`,
    { gap: 18 },
  );

  await writeSignatureBlock(pdf, w, fonts, input);
  return pdf.save();
}

function writePublisher(w: Writer, details: PublisherDetails) {
  const lines = [
    ['Publisher', details.publish_name],
    ['Registration or ID number', details.reg_id_no],
    ['Physical address', details.physical_address],
    ['Postal address', details.postal_address],
    ['Telephone', details.telephone],
    ['E-mail', details.email],
    ['Contact person', details.contact_person],
  ].filter(([, value]) => value);
  for (const [label, value] of lines) w.text(`${label}: ${value}`, { gap: 1 });
  w.y -= 8;
}

function writeBank(w: Writer, bank: BankDetails) {
  const international = Boolean(
    bank.international_swift_code || bank.international_iban_number || bank.international_bank_address,
  );
  w.text('Royalties are paid into this account:', { font: 'bold' });
  const lines = international
    ? [
        ['Bank address', bank.international_bank_address],
        ['IBAN', bank.international_iban_number],
        ['SWIFT code', bank.international_swift_code],
        ['Account holder', bank.account_name],
        ['Account number', bank.account_number],
        ['PayPal', bank.paypal],
      ]
    : [
        ['Bank', bank.bank_name],
        ['Branch', `${bank.branch_name} (${bank.brance_code})`],
        ['Account holder', bank.account_name],
        ['Account type', bank.account_type],
        ['Account number', bank.account_number],
      ];
  for (const [label, value] of lines.filter(([, value]) => value)) w.text(`${label}: ${value}`, { gap: 1 });
  w.y -= 8;
}

/** The signature and initials lines with the drawn images (or the typed name), place and date. */
export async function writeSignatureBlock(
  pdf: PDFDocument,
  w: Writer,
  fonts: Record<FontName, PDFFont>,
  input: Pick<ContractPdfInput, 'signedBy' | 'signedPlace' | 'signedAt' | 'signature' | 'initials' | 'draft'>,
  heading = 'Signed by the Publisher',
) {
  w.ensure(150);
  w.text(heading, { font: 'bold', size: 12, gap: 8 });
  const signature = input.draft ? undefined : await embedDataUrl(pdf, input.signature);
  const initials = input.draft ? undefined : await embedDataUrl(pdf, input.initials);
  const lineY = w.y - 50;
  if (signature) {
    const scaled = signature.scaleToFit(200, 45);
    w.page.drawImage(signature, { x: MARGIN, y: lineY + 3, width: scaled.width, height: scaled.height });
  } else if (!input.draft) {
    w.page.drawText(printable(input.signedBy), {
      x: MARGIN + 4,
      y: lineY + 8,
      size: 18,
      font: fonts.italic,
      color: rgb(0.05, 0.15, 0.45),
    });
  }
  if (initials) {
    const scaled = initials.scaleToFit(70, 40);
    w.page.drawImage(initials, { x: MARGIN + 320, y: lineY + 3, width: scaled.width, height: scaled.height });
  }
  w.page.drawLine({ start: { x: MARGIN, y: lineY }, end: { x: MARGIN + 240, y: lineY }, thickness: 0.8 });
  w.page.drawLine({ start: { x: MARGIN + 320, y: lineY }, end: { x: MARGIN + 420, y: lineY }, thickness: 0.8 });
  w.page.drawText('Signature', { x: MARGIN, y: lineY - 12, size: 8, font: fonts.regular });
  w.page.drawText('Initials', { x: MARGIN + 320, y: lineY - 12, size: 8, font: fonts.regular });
  w.y = lineY - 28;
  w.text(`Name: ${input.signedBy}`);
  if (input.draft) {
    w.text('Signed at: ______________________________');
    w.text('Date: ______________');
    w.text('Not signed yet: this is the contract you are asked to accept and sign.', { font: 'italic', size: 9 });
  } else {
    w.text(`Signed at: ${input.signedPlace}`);
    w.text(`Date: ${isoDate(input.signedAt)}`);
  }
}
