import { PDFDocument, rgb } from 'pdf-lib';
import { formatCents } from '@pod/shared-contracts/money';
import { embedContractFonts, Writer } from './contract-pdf.js';

/** What a statement PDF shows (the JSON statement of GET /reports/statements/{period}). */
export interface StatementPdfInput {
  author: string;
  period: string;
  start: string;
  end: string;
  payoutDate: string;
  lines: ReadonlyArray<StatementFigures & { book_title: string }>;
  totals: ReadonlyArray<StatementFigures & { status: string }>;
  /** When the statement was made (also the PDF's dates, so one render is reproducible in tests). */
  issued: Date;
}

interface StatementFigures {
  currency: 'ZAR' | 'USD';
  units: number;
  returns: number;
  revenue_cents: number;
  royalties_cents: number;
  fees_cents: number;
}

/** R 1 234.56 / USD 1 234.56: the portal's money format (space thousands, 2 decimals). */
export function formatMoney(cents: number, currency: 'ZAR' | 'USD'): string {
  const [whole, decimals] = formatCents(cents).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${currency === 'ZAR' ? 'R' : 'USD'} ${grouped}.${decimals}`;
}

const COLUMNS = [
  { title: 'Book', x: 56, width: 170 },
  { title: 'Sold', x: 232, width: 34, right: true },
  { title: 'Returned', x: 272, width: 46, right: true },
  { title: 'Revenue', x: 324, width: 72, right: true },
  { title: 'Fees', x: 402, width: 66, right: true },
  { title: 'Royalties', x: 474, width: 68, right: true },
];
const STATUS_TEXT: Record<string, string> = {
  open: 'open (the quarter is not over)',
  pending: 'to be paid on the payout date',
  paid: 'paid',
  carried_forward: 'below R100, carried forward to the next payout',
};

/**
 * A royalty statement as a PDF: pdf-lib, A4, DejaVu Sans (the contracts' fonts and Writer), a
 * table of the quarter's books per currency and the totals with their payout status.
 */
export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Royalty statement ${input.period} - Print on Demand`);
  pdf.setAuthor('Print on Demand');
  pdf.setCreator('Print on Demand reference API');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(input.issued);
  pdf.setModificationDate(input.issued);
  const fonts = await embedContractFonts(pdf);
  const w = new Writer(pdf, fonts);

  w.text(`ROYALTY STATEMENT ${input.period}`, { size: 16, font: 'bold', gap: 6 });
  w.text(`${input.author} - ${input.start} to ${input.end} (South African time)`, { gap: 2 });
  w.text(`Payout date: ${input.payoutDate}. Issued ${input.issued.toISOString().slice(0, 10)}.`, { size: 9, gap: 12 });

  const row = (cells: string[], bold = false) => {
    w.ensure(16);
    const font = bold ? fonts.bold : fonts.regular;
    COLUMNS.forEach((column, i) => {
      let text = cells[i] ?? '';
      while (text.length > 1 && font.widthOfTextAtSize(text, 9) > column.width) text = `${text.slice(0, -2)}…`;
      const x = column.right ? column.x + column.width - font.widthOfTextAtSize(text, 9) : column.x;
      w.page.drawText(text, { x, y: w.y - 9, size: 9, font, color: rgb(0.1, 0.1, 0.12) });
    });
    w.y -= 14;
  };

  for (const currency of ['ZAR', 'USD'] as const) {
    const lines = input.lines.filter((line) => line.currency === currency);
    const total = input.totals.find((t) => t.currency === currency);
    if (!total) continue;
    w.text(currency === 'ZAR' ? 'Local books (ZAR)' : 'International books (USD)', { font: 'bold', size: 12 });
    row(
      COLUMNS.map((column) => column.title),
      true,
    );
    const cells = (f: StatementFigures, title: string) => [
      title,
      String(f.units),
      String(f.returns),
      formatMoney(f.revenue_cents, currency),
      formatMoney(f.fees_cents, currency),
      formatMoney(f.royalties_cents, currency),
    ];
    for (const line of lines) row(cells(line, line.book_title));
    row(cells(total, 'Total'), true);
    w.y -= 4;
    w.text(`Status: ${STATUS_TEXT[total.status] ?? total.status}.`, { size: 9, gap: 12 });
  }
  if (input.totals.length === 0) w.text('No sales or returns in this quarter.', { gap: 12 });
  w.text(
    'Royalties are net of returns. Fees are what the portal kept of the revenue for printing, ' +
      'distribution and the marketplace. Amounts in different currencies are never added together.',
    { size: 8.5, font: 'italic', gap: 0 },
  );
  return pdf.save();
}
