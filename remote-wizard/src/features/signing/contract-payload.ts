import type { BookIds } from './api/view-contract';
import type { SignedContractPayload } from './api/upload-signature';

/** The publisher step's fields (spec section 3, "Publisher details"). */
export interface PublisherDetails {
  publisherName: string;
  publisherRegId: string;
  publisherPhysicalAddress: string;
  publisherPostalAddress: string;
  publisherTelephone: string;
  publisherEmail: string;
  publisherContactPerson: string;
  isSelfPublisher: boolean;
}

/** The bank step's fields (spec section 3, "Bank details"). */
export interface BankDetails {
  bankName: string;
  branchCode: string;
  branchName: string;
  accountName: string;
  accountType: string;
  accountNumber: string;
  isInternationalAccount: boolean;
  bankAddress: string;
  ibanNumber: string;
  swiftCode: string;
  paypal: string;
  isPaypalAccount: boolean;
}

/** One contributor of the book (name and role). */
export interface ContractContributor {
  name: string;
  role: string;
}

/** What the contract takes from the draft: the records, the publisher and bank details, the book's people. */
export interface ContractDraft extends BookIds, PublisherDetails, BankDetails {
  /** The eBook's author (page 1); blank for print and audiobooks, whose author comes with the metadata. */
  author: string;
  contributors: ContractContributor[];
}

/** What the author gives on the Accept Terms and Sign step. */
export interface SignData {
  /** PNG data URL of the signature pad. */
  signature: string;
  /** PNG data URL of the initials pad. */
  initials: string;
  signedPlace: string;
  printName: string;
}

/** The branch name sent when none is given (spec section 3). */
export const DEFAULT_BRANCH_NAME = 'N/A';

/** Trimmed text, or null when blank. */
function text(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The signed-contract payload of spec section 3 (portal.yaml SignedContractPayload) from the
 * draft and the signing step. Blank text is sent as null. The bank fields follow the account
 * kind the bank step chose, so values left over from the other kind are not sent: a local
 * account sends bank name, branch code (`brance_code`, spelt so), branch name, account name,
 * type and number; an international one the bank address, IBAN, swift code, account name and
 * number (and a bank name if given). PayPal goes with an international or PayPal account.
 * `branch_name` is 'N/A' when none applies. `authors` is the eBook author, else the print name
 * for a self-publisher (who publishes their own book), else null; contributors are the named ones.
 */
export function toSignedContractPayload(draft: ContractDraft, sign: SignData): SignedContractPayload {
  const international = draft.isInternationalAccount;
  const printName = text(sign.printName);
  return {
    local_bookId: draft.localBookId,
    international_bookId: draft.internationalBookId,
    filedata: sign.signature,
    initial_base64: sign.initials,
    signed_place: sign.signedPlace.trim(),
    print_name: printName,
    publish_name: text(draft.publisherName),
    reg_id_no: text(draft.publisherRegId),
    physical_address: text(draft.publisherPhysicalAddress),
    postal_address: text(draft.publisherPostalAddress),
    telephone: text(draft.publisherTelephone),
    email: text(draft.publisherEmail),
    contact_person: text(draft.publisherContactPerson),
    is_self_publisher: draft.isSelfPublisher,
    bank_name: text(draft.bankName),
    brance_code: international ? null : text(draft.branchCode),
    branch_name: (international ? null : text(draft.branchName)) ?? DEFAULT_BRANCH_NAME,
    account_name: text(draft.accountName),
    account_type: international ? null : text(draft.accountType),
    account_number: text(draft.accountNumber),
    international_bank_address: international ? text(draft.bankAddress) : null,
    international_iban_number: international ? text(draft.ibanNumber) : null,
    international_swift_code: international ? text(draft.swiftCode) : null,
    paypal: international || draft.isPaypalAccount ? text(draft.paypal) : null,
    authors: text(draft.author) ?? (draft.isSelfPublisher ? printName : null),
    contributors: draft.contributors
      .map((contributor) => ({ name: contributor.name.trim(), role: contributor.role.trim() }))
      .filter((contributor) => contributor.name !== '' && contributor.role !== ''),
  };
}
