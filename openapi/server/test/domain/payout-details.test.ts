import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskMisc, maskTail, mergeDetails, payoutDetailsFailure } from '../../src/domain/payout-details.js';
import { LOCAL_BANK, PUBLISHER } from '../helpers/contract-body.js';

describe('payout details', () => {
  it('keeps saved values, fills only empty ones (a single space is empty) and defaults the branch name', () => {
    const saved = { publish_name: 'Saved Press', telephone: ' ', bankInfo: { account_number: '111122223333' } };
    const { details, misc } = mergeDetails(saved, { ...PUBLISHER, ...LOCAL_BANK, branch_name: '' });
    assert.equal(details.publisher.publish_name, 'Saved Press');
    assert.equal(details.publisher.telephone, PUBLISHER.telephone);
    assert.equal(details.bank.account_number, '111122223333');
    assert.equal(details.bank.branch_name, 'N/A');
    assert.equal(misc.publish_name, 'Saved Press');
    assert.equal(misc.telephone, PUBLISHER.telephone);
    assert.deepEqual((misc.bankInfo as Record<string, string>).account_number, '111122223333');
    assert.equal(payoutDetailsFailure(details), undefined);
  });

  it('masks account numbers and IBANs to their last 4 characters', () => {
    assert.equal(maskTail('1234 56789'), '•••• 6789');
    assert.equal(maskTail('GB29 NWBK 6016 1331 9268 19'), '•••• 6819');
    assert.equal(maskTail('123'), '••••');
    const masked = maskMisc({
      publish_name: 'P',
      bankInfo: { account_number: '123456789', international_iban_number: 'DE89370400440532013000', bank_name: 'B' },
    });
    assert.deepEqual(masked.bankInfo, {
      account_number: '•••• 6789',
      international_iban_number: '•••• 3000',
      bank_name: 'B',
    });
    assert.deepEqual(maskMisc({}), {});
  });
});
