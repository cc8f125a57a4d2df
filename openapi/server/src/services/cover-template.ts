import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  bindingStyle,
  coverGeometry,
  paperShade,
  templateLayout,
  type CoverGeometry,
} from '../domain/cover-template.js';
import { renderTemplatePdf } from '../domain/cover-template-pdf.js';
import { renderTemplatePng } from '../domain/cover-template-png.js';
import { HttpProblem } from '../errors.js';
import type { BookRow, StoredBookFile } from '../plugins/external/db-schema.js';
import { PdfWorkError, type PdfWork } from './pdf-work.js';
import { quoteExpectations } from './preflight.js';
import type { ServiceHandlers } from './types.js';
import { resolveUpload, type BookPair } from './wizard/contract-books.js';

export const COVER_PRINT_ONLY_MESSAGE = 'Cover templates and print proofs are for print books only.';
export const COVER_QUOTE_INCOMPLETE_MESSAGE =
  "The quote of this book lacks its page count, trim size, paper or binding, so its cover can't be measured.";
export const PROOF_NOT_READY_MESSAGE =
  'The print proof is made from the accepted book file and cover: submit both first.';
export const PROOF_UNREADABLE_MESSAGE = 'The accepted book file or cover could not be read, so no proof could be made.';

/** A file name part from a title: letters, digits and dashes only (never a quote or a path). */
export function fileNamePart(title: string): string {
  const part = title
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/_/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return part || 'book';
}

/** The record whose quote options the cover is measured from: the local one when the book has it. */
const mainRecord = (named: BookRow[]) => named.find((record) => !record.is_international) ?? named[0]!;

/**
 * GET /user/coverspec, /user/covertemplate and /user/printproof. Decisions: server README,
 * "Cover template" and "Print proof".
 */
export function createCoverTemplateService(app: FastifyInstance, work: PdfWork) {
  const { referenceDataRepository, fileStore } = app;

  async function printBook(userId: number, pair: BookPair): Promise<{ book: BookRow; named: BookRow[] }> {
    const { named } = await resolveUpload(app, userId, pair);
    const book = mainRecord(named);
    if (book.format_type !== 'print') throw new HttpProblem(409, COVER_PRINT_ONLY_MESSAGE);
    return { book, named };
  }

  async function geometryOf(userId: number, pair: BookPair) {
    const { book } = await printBook(userId, pair);
    const expectations = quoteExpectations(book);
    const options = (book.misc.options ?? {}) as Record<string, unknown>;
    const local = !book.is_international;
    const paperId = Number(local ? options.l_paper_type_id : options.i_paper_type_id);
    const coverId = Number(local ? options.l_cover_type_id : options.i_cover_type_id);
    const [paper, binding] = await Promise.all([
      Number.isInteger(paperId)
        ? referenceDataRepository.findOption(local ? 'localPaperTypes' : 'internationalPaperTypes', paperId)
        : undefined,
      Number.isInteger(coverId)
        ? referenceDataRepository.findOption(local ? 'localBookTypes' : 'internationalBookTypes', coverId)
        : undefined,
    ]);
    if (!expectations || !expectations.pages || !paper || !binding) {
      throw new HttpProblem(409, COVER_QUOTE_INCOMPLETE_MESSAGE);
    }
    const geometry = coverGeometry({
      trimWidthMm: expectations.trimWidthMm,
      trimHeightMm: expectations.trimHeightMm,
      pages: expectations.pages,
      paper: paperShade(paper.name),
      binding: bindingStyle(binding.name),
    });
    return { book, geometry, bindingName: binding.name };
  }

  const download = (reply: FastifyReply, type: string, filename: string, body: Uint8Array) =>
    reply
      .type(type)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));

  const sizeName = (geometry: CoverGeometry) => `${geometry.coverWidthMm}x${geometry.coverHeightMm}mm`;

  const handlers = {
    async getCoverSpec(request) {
      const { geometry, bindingName } = await geometryOf(request.userId, request.query);
      return {
        statusCode: 0,
        trimWidthMm: geometry.trimWidthMm,
        trimHeightMm: geometry.trimHeightMm,
        pages: geometry.pages,
        paper: geometry.paper,
        binding: bindingName,
        spineWidthMm: geometry.spineWidthMm,
        bleedMm: geometry.bleedMm,
        coverWidthMm: geometry.coverWidthMm,
        coverHeightMm: geometry.coverHeightMm,
        spineTextAllowed: geometry.spineTextAllowed,
      };
    },

    async getCoverTemplate(request, reply) {
      const { book, geometry } = await geometryOf(request.userId, request.query);
      const layout = templateLayout(geometry);
      const name = `cover-template-${fileNamePart(book.book_title)}-${sizeName(geometry)}`;
      if (request.query.type === 'png') {
        return download(reply, 'image/png', `${name}.png`, await renderTemplatePng(layout));
      }
      const title = `Cover template: ${book.book_title}`;
      return download(reply, 'application/pdf', `${name}.pdf`, await renderTemplatePdf(layout, title));
    },

    async getPrintProof(request, reply) {
      const { book, named } = await printBook(request.userId, request.query);
      // The files of the last accepted POST /user/uploadbook (both records carry them; the main one first).
      const files: StoredBookFile[] = [book, ...named.filter((record) => record !== book)].flatMap(
        (record) => record.files ?? [],
      );
      const bookFile = files.find((file) => file.kind === 'book' && file.filename.toLowerCase().endsWith('.pdf'));
      const coverFile = files.find((file) => file.kind === 'cover' && file.filename.toLowerCase().endsWith('.pdf'));
      if (!bookFile || !coverFile) throw new HttpProblem(409, PROOF_NOT_READY_MESSAGE);
      const [bookBytes, coverBytes] = await Promise.all([
        fileStore.readAll(bookFile.filename),
        fileStore.readAll(coverFile.filename),
      ]);
      if (!bookBytes || !coverBytes) throw new HttpProblem(409, PROOF_NOT_READY_MESSAGE);
      let proof: Uint8Array;
      try {
        proof = await work.proof(coverBytes, bookBytes, `Print proof: ${book.book_title}`);
      } catch (error) {
        if (error instanceof PdfWorkError && error.reason === 'failed') {
          throw new HttpProblem(409, PROOF_UNREADABLE_MESSAGE);
        }
        throw error;
      }
      return download(reply, 'application/pdf', `print-proof-${fileNamePart(book.book_title)}.pdf`, proof);
    },
  } satisfies ServiceHandlers;

  return { handlers };
}
