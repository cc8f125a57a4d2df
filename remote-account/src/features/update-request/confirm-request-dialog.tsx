import { useId, useState } from 'react';
import { Button, DetailsList, Modal, type DetailsItem } from '@pod/shared-contracts';
import { maskTail, type RequestChangeBody } from './update-values';
import styles from './update-request.module.css';

/** The label of the agreement checkbox that unlocks Proceed. */
export const AGREEMENT_LABEL = 'I agree to submit these changes for review';

type Rows = [label: string, value: string | undefined][];

/** Label/value pairs with a value; account numbers and IBANs masked to their last 4 characters. */
const items = (rows: Rows): DetailsItem[] =>
  rows.filter((row): row is [string, string] => Boolean(row[1])).map(([label, value]) => ({ label, value }));

/** What the confirmation shows, section by section, in the form's order. */
function summary(request: RequestChangeBody): { title: string; items: DetailsItem[] }[] {
  const person = request.pendingUserChanges ?? {};
  const bank = request.bankInfo ?? {};
  const masked = (value: string | undefined) => (value ? maskTail(value) : undefined);
  const bankRows: Rows = request.isInternational
    ? [
        ['Bank account location', 'International bank'],
        ['Bank address', bank.international_bank_address],
        ['IBAN', masked(bank.international_iban_number)],
        ['Account holder name', bank.account_name],
        ['Account type', bank.account_type],
        ['Account number', masked(bank.account_number)],
        ['Swift code', bank.international_swift_code],
        ['PayPal address', bank.paypal],
      ]
    : [
        ['Bank account location', 'Local bank'],
        ['Bank name', bank.bank_name],
        ['Branch code', bank.brance_code],
        ['Branch name', bank.branch_name],
        ['Account holder name', bank.account_name],
        ['Account type', bank.account_type],
        ['Account number', masked(bank.account_number)],
      ];
  return [
    {
      title: 'Personal details',
      items: items([
        ['First name', person.name_first],
        ['Last name', person.name_last],
        ['Username (e-mail)', person.email],
        ['Phone number', person.phone_main ?? undefined],
      ]),
    },
    { title: 'Bank Details', items: items(bankRows) },
    {
      title: 'Publisher Details',
      items: items([
        ['Publisher name', bank.publish_name],
        ['Publishers email', bank.email],
        ['Publishers phone', bank.telephone],
        ['Contact name', bank.contact_person],
        ['Company registration or ID number', bank.reg_id_no],
        ['Postal address', bank.postal_address],
        ['Physical address', bank.physical_address],
      ]),
    },
  ];
}

/** Props of {@link ConfirmRequestDialog}. */
export interface ConfirmRequestDialogProps {
  /** The validated request; the dialog is open while it is set. */
  request: RequestChangeBody | null;
  onProceed: (request: RequestChangeBody) => void;
  onCancel: () => void;
}

/**
 * 'Confirm update request': a summary of what will be sent and the agreement checkbox;
 * Proceed stays disabled until it is ticked (account-area.md section 5). Every opening starts
 * unticked.
 */
export function ConfirmRequestDialog({ request, onProceed, onCancel }: ConfirmRequestDialogProps) {
  return (
    <Modal open={request !== null} title="Confirm update request" onClose={onCancel}>
      {request ? <ConfirmContent request={request} onProceed={onProceed} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function ConfirmContent({
  request,
  onProceed,
  onCancel,
}: {
  request: RequestChangeBody;
  onProceed: (request: RequestChangeBody) => void;
  onCancel: () => void;
}) {
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();
  return (
    <>
      <p>
        Your changes are sent to our team for review and apply only once approved. If they are approved, every existing
        contract must be signed again.
      </p>
      {summary(request).map((part) => (
        <section key={part.title} className={styles.summaryPart} aria-label={part.title}>
          <h3 className={styles.summaryTitle}>{part.title}</h3>
          <DetailsList items={part.items} />
        </section>
      ))}
      <div className={styles.agreement}>
        <input
          id={checkboxId}
          type="checkbox"
          className={styles.checkbox}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor={checkboxId}>{AGREEMENT_LABEL}</label>
      </div>
      <div className={styles.dialogActions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" disabled={!agreed} onClick={() => onProceed(request)}>
          Proceed
        </Button>
      </div>
    </>
  );
}
