import { useId } from 'react';
import { useField, useForm } from 'react-final-form';
import { ACCOUNT_TYPES, branchCodeOf, LOCAL_BANKS } from '@pod/shared-contracts';
import { UpdateSelect, UpdateTextArea, UpdateTextField } from './update-fields';
import type { SavedEndings } from './update-values';
import styles from './update-request.module.css';

const BANK_NAMES = LOCAL_BANKS.map((bank) => bank.name);

/** The hint of a field whose saved value is masked: the user types it whole again. */
function savedHint(what: string, ending: string | undefined, optional: boolean): string | undefined {
  if (ending === undefined) return undefined;
  const saved = ending ? `Your saved ${what} ends in ${ending}.` : `You have a saved ${what}.`;
  const keep = optional
    ? `It is never shown in full: type the whole ${what} to keep it (left empty, it is removed).`
    : `It is never shown in full: type the whole ${what} to keep or change it.`;
  return `${saved} ${keep}`;
}

/** 'Bank account location': the radios over `isInternational`. */
function LocationToggle() {
  const { input } = useField<boolean>('isInternational', { subscription: { value: true } });
  const name = useId();
  const legendId = `${name}-legend`;
  const choices = [
    [false, 'Local bank'],
    [true, 'International bank'],
  ] as const;
  return (
    <fieldset className={styles.group} role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        Bank account location
      </legend>
      {choices.map(([international, label]) => {
        const id = `${name}-${String(international)}`;
        return (
          <div key={label} className={styles.option}>
            <input
              id={id}
              type="radio"
              name={name}
              value={String(international)}
              checked={input.value === international}
              onChange={() => input.onChange(international)}
            />
            <label htmlFor={id}>{label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

function LocalFields({ endings }: { endings: SavedEndings }) {
  // Untyped: the field names are dotted paths into the nested values.
  const form = useForm();
  return (
    <>
      <UpdateSelect
        name="bankInfo.bank_name"
        label="Bank name"
        options={BANK_NAMES}
        onPick={(bank) => form.change('bankInfo.brance_code', branchCodeOf(bank) ?? '')}
      />
      <UpdateTextField
        name="bankInfo.brance_code"
        label="Branch code"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        hint="Filled in when you choose your bank (its universal branch code)."
      />
      <UpdateTextField name="bankInfo.branch_name" label="Branch name" autoComplete="off" maxLength={100} />
      <UpdateTextField name="bankInfo.account_name" label="Account holder name" autoComplete="off" maxLength={100} />
      <UpdateSelect name="bankInfo.account_type" label="Account type" options={ACCOUNT_TYPES} />
      <UpdateTextField
        name="bankInfo.account_number"
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        hint={savedHint('account number', endings.account_number, false)}
      />
    </>
  );
}

function InternationalFields({ endings }: { endings: SavedEndings }) {
  return (
    <>
      <UpdateTextArea name="bankInfo.international_bank_address" label="Bank address" maxLength={500} />
      <UpdateTextField
        name="bankInfo.international_iban_number"
        label="IBAN"
        autoComplete="off"
        maxLength={34}
        hint={savedHint('IBAN', endings.international_iban_number, false)}
      />
      <UpdateTextField name="bankInfo.account_name" label="Account holder name" autoComplete="off" maxLength={100} />
      <UpdateSelect name="bankInfo.account_type" label="Account type" options={ACCOUNT_TYPES} />
      <UpdateTextField
        name="bankInfo.account_number"
        label="Account number"
        autoComplete="off"
        maxLength={30}
        hint={savedHint('account number', endings.account_number, true)}
      />
      <UpdateTextField name="bankInfo.international_swift_code" label="Swift code" autoComplete="off" maxLength={30} />
      <UpdateTextField
        name="bankInfo.paypal"
        label="PayPal address"
        type="email"
        autoComplete="off"
        maxLength={254}
        hint="Optional: the e-mail address of your PayPal account."
      />
    </>
  );
}

/**
 * Bank Details: the location radios, then the local set (bank picker filling the branch code)
 * or the international one. Saved account numbers and IBANs come masked, so those fields
 * start empty with a hint naming the saved ending.
 */
export function BankSection({ endings }: { endings: SavedEndings }) {
  const international = useField<boolean>('isInternational', { subscription: { value: true } }).input.value;
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Bank Details</h2>
      <LocationToggle />
      {international ? <InternationalFields endings={endings} /> : <LocalFields endings={endings} />}
    </section>
  );
}
