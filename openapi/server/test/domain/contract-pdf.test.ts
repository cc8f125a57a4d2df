import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appendPdf, renderAppendixPdf } from '../../src/domain/contract-appendix-pdf.js';
import { renderContractPdf, type ContractPdfInput } from '../../src/domain/contract-pdf.js';
import { pdfText, pngDataUrl } from '../helpers/contract-body.js';

const input = (overrides: Partial<ContractPdfInput> = {}): ContractPdfInput => ({
  bookTitle: 'Ukukhanya – “Light”',
  formatType: 'print',
  isbn: null,
  author: 'Zoë Ndlovu-Šimić',
  publisher: 'Александра Иванова',
  email: 'zoe@example.test',
  local: { price: 249, royalty: 83.68 },
  signedBy: 'Zoë Ndlovu-Šimić',
  signedPlace: 'Θεσσαλονίκη',
  signedAt: new Date('2026-03-02T10:00:00Z'),
  signature: pngDataUrl(),
  initials: pngDataUrl(12, 10),
  supportEmail: 'support@pod.local',
  ...overrides,
});

describe('contract pdf: Unicode names', () => {
  it('prints Latin Extended, Cyrillic and Greek names as written, not as question marks', async () => {
    const { text } = await pdfText(await renderContractPdf(input()));
    assert.match(text, /Zoë Ndlovu-Šimić/);
    assert.match(text, /Александра Иванова/);
    assert.match(text, /Signed at: Θεσσαλονίκη/);
    assert.match(text, /Ukukhanya – “Light”/);
    assert.doesNotMatch(text, /\?/);
  });

  it('prints the publisher and pay-out details it is given (masked account number) and a draft without signature', async () => {
    const bytes = await renderContractPdf(
      input({
        draft: true,
        publisherDetails: {
          publish_name: 'Šimić Books',
          reg_id_no: '2019/123456/07',
          physical_address: '1 Long Street, Cape Town',
          postal_address: 'PO Box 1, Cape Town',
          telephone: '+27821234567',
          email: 'books@example.test',
          contact_person: 'Zoë Ndlovu-Šimić',
        },
        bankDetails: {
          bank_name: 'Capitec Bank Limited',
          brance_code: '470 010',
          branch_name: 'N/A',
          account_name: 'Zoë Ndlovu-Šimić',
          account_type: 'Savings',
          account_number: '•••• 6789',
          international_bank_address: '',
          international_iban_number: '',
          international_swift_code: '',
          paypal: '',
        },
      }),
    );
    const { text } = await pdfText(bytes);
    assert.match(text, /Publisher: Šimić Books/);
    assert.match(text, /Account number: •••• 6789/);
    assert.match(text, /Branch: N\/A \(470 010\)/);
    assert.match(text, /Not signed yet/);
    assert.doesNotMatch(text, /Θεσσαλονίκη/);
  });

  it('appends the appendix pages to a signed contract', async () => {
    const contract = await renderContractPdf(input());
    const appendix = await renderAppendixPdf(input({ signedPlace: 'Київ' }));
    const joined = await pdfText(await appendPdf(contract, appendix, new Date('2026-03-05T10:00:00Z')));
    const alone = await pdfText(contract);
    assert.equal(joined.pages, alone.pages + (await pdfText(appendix)).pages);
    assert.match(joined.text, /APPENDIX: APPLICABILITY OF TERMS AND CONDITIONS/);
    assert.match(joined.text, /Signed at: Київ/);
    assert.match(joined.text, /print ready/);
  });
});
