import { UPDATE_REQUEST_MESSAGES } from '@pod/shared-contracts';

type MessageKey = keyof typeof UPDATE_REQUEST_MESSAGES;

/** The field each Update Request message belongs to (every message names one field). */
const FIELD_OF: Record<MessageKey, string> = {
  firstName: 'pendingUserChanges.name_first',
  lastName: 'pendingUserChanges.name_last',
  email: 'pendingUserChanges.email',
  phone: 'pendingUserChanges.phone_main',
  bankName: 'bankInfo.bank_name',
  branchCodeRequired: 'bankInfo.brance_code',
  branchCodeInvalid: 'bankInfo.brance_code',
  branchNameRequired: 'bankInfo.branch_name',
  branchNameInvalid: 'bankInfo.branch_name',
  accountNameRequired: 'bankInfo.account_name',
  accountNameInvalid: 'bankInfo.account_name',
  accountNumberRequired: 'bankInfo.account_number',
  accountNumberInvalid: 'bankInfo.account_number',
  accountType: 'bankInfo.account_type',
  bankAddressRequired: 'bankInfo.international_bank_address',
  bankAddressInvalid: 'bankInfo.international_bank_address',
  ibanRequired: 'bankInfo.international_iban_number',
  ibanInvalid: 'bankInfo.international_iban_number',
  swiftRequired: 'bankInfo.international_swift_code',
  swiftInvalid: 'bankInfo.international_swift_code',
  paypalInvalid: 'bankInfo.paypal',
  publisherName: 'bankInfo.publish_name',
  publisherEmailRequired: 'bankInfo.email',
  publisherEmailInvalid: 'bankInfo.email',
  publisherPhoneRequired: 'bankInfo.telephone',
  publisherPhoneInvalid: 'bankInfo.telephone',
  contactNameRequired: 'bankInfo.contact_person',
  contactNameInvalid: 'bankInfo.contact_person',
  regIdRequired: 'bankInfo.reg_id_no',
  regIdInvalid: 'bankInfo.reg_id_no',
  postalAddressRequired: 'bankInfo.postal_address',
  postalAddressInvalid: 'bankInfo.postal_address',
  physicalAddressRequired: 'bankInfo.physical_address',
  physicalAddressInvalid: 'bankInfo.physical_address',
};

/**
 * The form field a server 400 `VALIDATION` message is about, so it shows where the user's own
 * validation would have put it; undefined for any other message (then it is an alert).
 */
export function fieldOfMessage(message: string): string | undefined {
  const key = (Object.keys(UPDATE_REQUEST_MESSAGES) as MessageKey[]).find(
    (candidate) => UPDATE_REQUEST_MESSAGES[candidate] === message,
  );
  return key ? FIELD_OF[key] : undefined;
}
