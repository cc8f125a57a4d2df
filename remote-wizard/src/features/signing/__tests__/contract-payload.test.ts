import { toSignedContractPayload, type ContractDraft, type SignData } from '../contract-payload';
import { readContractDraft, readSigningDraft, writeSigningDraft } from '../contract-draft';
import { writeDraft } from '../../../lib/draft-storage';

const SIGNATURE = 'data:image/png;base64,c2lnbmF0dXJl';
const INITIALS = 'data:image/png;base64,aW5pdGlhbHM=';

const LOCAL_DRAFT: ContractDraft = {
  localBookId: 101,
  internationalBookId: 102,
  publisherName: ' Ukhozi Press ',
  publisherRegId: '2019/123456/07',
  publisherPhysicalAddress: '12 Florida Road, Durban',
  publisherPostalAddress: 'PO Box 55, Durban',
  publisherTelephone: '+27821234567',
  publisherEmail: 'books@ukhozi.example',
  publisherContactPerson: 'Thandi Zulu',
  isSelfPublisher: false,
  bankName: 'Capitec Bank Limited',
  branchCode: '470 010',
  branchName: '',
  accountName: 'Ukhozi Press',
  accountType: 'Cheque',
  accountNumber: '1234 5678 90',
  isInternationalAccount: false,
  bankAddress: 'left over from the international form',
  ibanNumber: 'GB33BUKB20201555555555',
  swiftCode: 'BUKBGB22',
  paypal: 'pay@ukhozi.example',
  isPaypalAccount: false,
  author: '',
  contributors: [
    { name: 'Jo Bloggs', role: 'Editor' },
    { name: '', role: '' },
    { name: ' Sipho ', role: ' Foreword by ' },
  ],
};

const SIGN: SignData = {
  signature: SIGNATURE,
  initials: INITIALS,
  signedPlace: ' Durban, South Africa ',
  printName: 'Thandi Zulu',
};

describe('toSignedContractPayload', () => {
  it('builds the spec section 3 payload for a local account', () => {
    expect(toSignedContractPayload(LOCAL_DRAFT, SIGN)).toEqual({
      local_bookId: 101,
      international_bookId: 102,
      filedata: SIGNATURE,
      initial_base64: INITIALS,
      signed_place: 'Durban, South Africa',
      print_name: 'Thandi Zulu',
      publish_name: 'Ukhozi Press',
      reg_id_no: '2019/123456/07',
      physical_address: '12 Florida Road, Durban',
      postal_address: 'PO Box 55, Durban',
      telephone: '+27821234567',
      email: 'books@ukhozi.example',
      contact_person: 'Thandi Zulu',
      is_self_publisher: false,
      bank_name: 'Capitec Bank Limited',
      brance_code: '470 010',
      branch_name: 'N/A',
      account_name: 'Ukhozi Press',
      account_type: 'Cheque',
      account_number: '1234 5678 90',
      international_bank_address: null,
      international_iban_number: null,
      international_swift_code: null,
      paypal: null,
      authors: null,
      contributors: [
        { name: 'Jo Bloggs', role: 'Editor' },
        { name: 'Sipho', role: 'Foreword by' },
      ],
    });
  });

  it("keeps a given branch name and sends a local account's PayPal when it is a PayPal account", () => {
    const payload = toSignedContractPayload({ ...LOCAL_DRAFT, branchName: 'Umhlanga', isPaypalAccount: true }, SIGN);
    expect(payload.branch_name).toBe('Umhlanga');
    expect(payload.paypal).toBe('pay@ukhozi.example');
  });

  it('sends the international fields, and none of the local-only ones, for an international account', () => {
    const payload = toSignedContractPayload({ ...LOCAL_DRAFT, isInternationalAccount: true, bankName: '' }, SIGN);
    expect(payload).toMatchObject({
      bank_name: null,
      brance_code: null,
      branch_name: 'N/A',
      account_type: null,
      account_name: 'Ukhozi Press',
      account_number: '1234 5678 90',
      international_bank_address: 'left over from the international form',
      international_iban_number: 'GB33BUKB20201555555555',
      international_swift_code: 'BUKBGB22',
      paypal: 'pay@ukhozi.example',
    });
  });

  it('sends blank text as null and a region without a record as a null id', () => {
    const payload = toSignedContractPayload(
      { ...LOCAL_DRAFT, localBookId: null, publisherRegId: '  ', publisherPostalAddress: '' },
      { ...SIGN, printName: ' ' },
    );
    expect(payload.local_bookId).toBeNull();
    expect(payload.reg_id_no).toBeNull();
    expect(payload.postal_address).toBeNull();
    expect(payload.print_name).toBeNull();
  });

  it("names the eBook's author, else the print name of a self-publisher", () => {
    expect(toSignedContractPayload({ ...LOCAL_DRAFT, author: 'Thandi Zulu ' }, SIGN).authors).toBe('Thandi Zulu');
    expect(toSignedContractPayload({ ...LOCAL_DRAFT, isSelfPublisher: true }, SIGN)).toMatchObject({
      authors: 'Thandi Zulu',
      is_self_publisher: true,
    });
  });
});

describe('the contract draft', () => {
  beforeEach(() => localStorage.clear());

  it("reads the earlier steps' calc_ fields, dropping values of the wrong type", () => {
    writeDraft('localBookId', 101);
    writeDraft('internationalBookId', null);
    writeDraft('publisherName', 'Ukhozi Press');
    writeDraft('publisherTelephone', 27821234567);
    writeDraft('isSelfPublisher', true);
    writeDraft('branchCode', '470 010');
    writeDraft('isInternationalAccount', 'yes');
    writeDraft('contributors', [{ name: 'Jo Bloggs', role: 'Editor' }, 'junk']);
    expect(readContractDraft()).toMatchObject({
      localBookId: 101,
      internationalBookId: null,
      publisherName: 'Ukhozi Press',
      publisherTelephone: '27821234567',
      publisherEmail: '',
      isSelfPublisher: true,
      branchCode: '470 010',
      isInternationalAccount: false,
      contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
    });
  });

  it('keeps the signing step in calc_ fields and forgets a cleared pad', () => {
    writeSigningDraft('acceptTerms', true);
    writeSigningDraft('signedPlace', 'Durban');
    writeSigningDraft('signature', SIGNATURE);
    writeSigningDraft('initials', INITIALS);
    expect(localStorage.getItem('calc_signature')).toBe(JSON.stringify(SIGNATURE));
    writeSigningDraft('initials', null);
    expect(localStorage.getItem('calc_initials')).toBeNull();
    expect(readSigningDraft()).toEqual({
      acceptTerms: true,
      signedPlace: 'Durban',
      signature: SIGNATURE,
      initials: null,
      printName: null,
    });
  });
});
