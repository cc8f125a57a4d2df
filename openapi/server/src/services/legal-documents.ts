import { createHash } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { findLegalDocument, type LegalDocumentId } from '@pod/shared-contracts/constants';
import { renderLegalDocumentPdf } from '../domain/legal-documents/index.js';
import { HttpProblem, paramsFailureAs } from '../errors.js';
import type { ServiceHandlers } from './types.js';

export const DOCUMENT_NOT_FOUND_MESSAGE = 'Document not found';
/** No personal data: any cache may keep a legal document for an hour. */
export const LEGAL_DOCUMENT_CACHE_CONTROL = 'public, max-age=3600';

const documentNotFound = () => new HttpProblem(404, DOCUMENT_NOT_FOUND_MESSAGE);

/**
 * An unknown or malformed `document` is a 404 like any unknown document (not a validation 400);
 * the route sets its own Cache-Control (the API's default is no-store).
 */
export const legalRouteOptions: Record<string, Partial<RouteOptions>> = {
  getLegalDocument: {
    schemaErrorFormatter: paramsFailureAs(documentNotFound),
    config: { ownCacheControl: true },
  },
};

interface RenderedDocument {
  bytes: Buffer;
  etag: string;
}

/** True when an If-None-Match header names `etag` (or is `*`); weak comparison, as RFC 9110 asks for GET. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /legal/{document}: the four public legal documents as PDFs, rendered once per process from
 * the sample texts of domain/legal-documents (deterministic, so every instance serves the same
 * bytes and ETag). Decisions: portal.yaml and the server README, "Legal documents".
 */
export function createLegalDocumentsService() {
  const rendered = new Map<LegalDocumentId, Promise<RenderedDocument>>();

  function documentPdf(id: LegalDocumentId): Promise<RenderedDocument> {
    let pending = rendered.get(id);
    if (!pending) {
      const document = findLegalDocument(id)!;
      pending = renderLegalDocumentPdf(document).then((pdf) => {
        const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
        const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
        return { bytes, etag: `"${hash}"` };
      });
      // A failed rendering is tried again by the next request.
      pending.catch(() => rendered.delete(id));
      rendered.set(id, pending);
    }
    return pending;
  }

  return {
    async getLegalDocument(request, reply) {
      const document = findLegalDocument(request.params.document);
      if (!document) throw documentNotFound();
      const { bytes, etag } = await documentPdf(document.id);
      reply.header('etag', etag).header('cache-control', LEGAL_DOCUMENT_CACHE_CONTROL);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.id}.pdf"`)
        .send(bytes);
    },
  } satisfies ServiceHandlers;
}
