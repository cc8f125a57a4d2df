import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LEGAL_DOCUMENTS } from '@pod/shared-contracts/constants';
import { LEGAL_TEXTS, renderLegalDocumentPdf } from '../../src/domain/legal-documents/index.js';
import { pdfText } from '../helpers/contract-body.js';

describe('legal documents (domain/legal-documents)', () => {
  it('has a sample text, dated and with sections, for every document of the shared list', () => {
    assert.deepEqual(Object.keys(LEGAL_TEXTS).sort(), LEGAL_DOCUMENTS.map((d) => d.id).sort());
    for (const text of Object.values(LEGAL_TEXTS)) {
      assert.match(text.updated, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(text.sections.length >= 3);
      assert.ok(text.sections.every((section) => section.paragraphs.length > 0));
    }
  });

  it('renders the same bytes from the same text (dated by the text, not the clock)', async () => {
    const document = LEGAL_DOCUMENTS[0];
    const first = await renderLegalDocumentPdf(document);
    const second = await renderLegalDocumentPdf(document);
    assert.deepEqual(Buffer.from(second), Buffer.from(first));
  });

  it('prints the title, the sample notice, every section heading and the support address', async () => {
    for (const document of LEGAL_DOCUMENTS) {
      const { text } = await pdfText(await renderLegalDocumentPdf(document));
      assert.match(text, new RegExp(document.title.toUpperCase()));
      assert.match(text, /Sample text:/);
      for (const section of LEGAL_TEXTS[document.id].sections)
        assert.ok(text.includes(section.heading), section.heading);
      assert.match(text, /Questions about this document: support@pod\.local\./);
    }
  });
});
