import { useId, useState } from 'react';
import { useField, useForm } from 'react-final-form';
import {
  BANK_ACCOUNT_TYPES,
  BankDetails,
  branchCodeOf,
  Button,
  DetailsList,
  LOCAL_BANKS,
  Modal,
  validateForm,
  type DetailsItem,
} from '@pod/shared-contracts';
import { ProfileCheckbox, ProfileSelect, ProfileTextField } from '../../components/profile-fields';
import { ProfileForm } from '../../components/profile-form';
import { StageActions } from '../../components/stage-actions';
import { focusFirstError } from '../../lib/focus-first-error';
import type { BankTextField, BankValues } from './bank-draft';
import styles from './bank-details.module.css';

/** Props of {@link BankForm}. */
export interface BankFormProps {
  /** The draft with the saved profile values over it. */
  initialValues: BankValues;
  /** Fields whose value is saved in the profile: read-only. */
  locked: ReadonlySet<BankTextField>;
  /** The profile decides local or international (it holds bank details): the toggle is locked. */
  regionLocked: boolean;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Every change, for the draft in browser storage. */
  onChange: (values: Partial<BankValues>) => void;
  /** Called with valid values once the author proceeds in the confirmation. */
  onProceed: (values: BankValues) => void;
  onBack: () => void;
}

const validate = (values: Partial<BankValues>) => validateForm(BankDetails, values);

const BANK_NAMES = LOCAL_BANKS.map((bank) => bank.name);

/** The details the confirmation shows, of the chosen field set. */
function summary(values: BankValues): DetailsItem[] {
  const rows: [string, string][] = values.isInternationalAccount
    ? [
        ['Bank address', values.bankAddress],
        ['IBAN number', values.ibanNumber],
        ['Swift code', values.swiftCode],
        ['Account name', values.accountName],
        ['Account number', values.accountNumber],
        ['PayPal', values.isPaypalAccount ? values.paypal : ''],
      ]
    : [
        ['Bank name', values.bankName],
        ['Branch code', values.branchCode],
        ['Branch name', values.branchName],
        ['Account name', values.accountName],
        ['Account type', values.accountType],
        ['Account number', values.accountNumber],
      ];
  return rows.filter(([, value]) => value && value.trim()).map(([label, value]) => ({ label, value }));
}

/** The local/international toggle: a radio group over `isInternationalAccount`. */
function RegionToggle({ disabled }: { disabled: boolean }) {
  const { input } = useField<boolean>('isInternationalAccount', { subscription: { value: true } });
  const name = useId();
  const choices = [
    [false, 'Local account'],
    [true, 'International account'],
  ] as const;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Bank account region</legend>
      {choices.map(([international, label]) => {
        const id = `${name}-${String(international)}`;
        return (
          <div key={label} className={styles.option}>
            <input
              id={id}
              type="radio"
              name={name}
              checked={input.value === international}
              disabled={disabled}
              onChange={() => input.onChange(international)}
            />
            <label htmlFor={id}>{label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

function LocalFields({ locked }: { locked: ReadonlySet<BankTextField> }) {
  const form = useForm<BankValues>();
  return (
    <>
      <ProfileSelect
        name="bankName"
        label="Bank name"
        options={BANK_NAMES}
        locked={locked.has('bankName')}
        onPick={(name) => {
          if (!locked.has('branchCode')) form.change('branchCode', branchCodeOf(name) ?? '');
        }}
      />
      <ProfileTextField
        name="branchCode"
        label="Branch code"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        hint="Filled in when you choose your bank (its universal branch code)."
        locked={locked.has('branchCode')}
      />
      <ProfileTextField
        name="branchName"
        label="Branch name"
        autoComplete="off"
        maxLength={100}
        locked={locked.has('branchName')}
      />
      <ProfileTextField
        name="accountName"
        label="Account name"
        autoComplete="off"
        maxLength={100}
        locked={locked.has('accountName')}
      />
      <ProfileSelect
        name="accountType"
        label="Account type"
        options={BANK_ACCOUNT_TYPES}
        locked={locked.has('accountType')}
      />
      <ProfileTextField
        name="accountNumber"
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        hint="Usually 8 to 12 digits."
        locked={locked.has('accountNumber')}
      />
    </>
  );
}

function InternationalFields({ locked, paypalLocked }: { locked: ReadonlySet<BankTextField>; paypalLocked: boolean }) {
  const form = useForm<BankValues>();
  const paypalWanted = useField<boolean>('isPaypalAccount', { subscription: { value: true } }).input.value;
  return (
    <>
      <ProfileTextField
        name="bankAddress"
        label="Bank address"
        autoComplete="off"
        maxLength={500}
        locked={locked.has('bankAddress')}
      />
      <ProfileTextField
        name="ibanNumber"
        label="IBAN number"
        autoComplete="off"
        maxLength={34}
        hint="Up to 34 characters."
        locked={locked.has('ibanNumber')}
      />
      <ProfileTextField
        name="swiftCode"
        label="Swift code"
        autoComplete="off"
        maxLength={30}
        locked={locked.has('swiftCode')}
      />
      <ProfileTextField
        name="accountName"
        label="Account name"
        autoComplete="off"
        maxLength={100}
        hint="Optional."
        locked={locked.has('accountName')}
      />
      <ProfileTextField
        name="accountNumber"
        label="Account number"
        autoComplete="off"
        maxLength={30}
        hint="Optional."
        locked={locked.has('accountNumber')}
      />
      <ProfileCheckbox
        name="isPaypalAccount"
        label="I have a PayPal account"
        disabled={paypalLocked}
        onPick={(checked) => {
          if (!checked) form.change('paypal', '');
        }}
      />
      {paypalWanted ? (
        <ProfileTextField
          name="paypal"
          label="PayPal"
          type="email"
          autoComplete="email"
          maxLength={254}
          hint="The e-mail address of your PayPal account."
          locked={paypalLocked}
        />
      ) : null}
    </>
  );
}

/**
 * Your Bank Details (new-book-wizard.md sections 3 to 5): a local or an international account,
 * checked by the shared BankDetails struct (the set the toggle chooses). Choosing a local bank
 * fills its branch code. Continue validates (a failure focuses the first message), then asks for
 * confirmation: the details are used for royalty pay-outs exactly as entered. Proceed validates
 * again and hands the details on.
 */
export function BankForm({
  initialValues,
  locked,
  regionLocked,
  continueLabel,
  onChange,
  onProceed,
  onBack,
}: BankFormProps) {
  const [confirming, setConfirming] = useState<BankValues | null>(null);
  return (
    <ProfileForm<BankValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={setConfirming}
      onChange={onChange}
      anyLocked={locked.size > 0}
      className={styles.form}
    >
      {({ form, values, formElement }) => (
        <>
          <RegionToggle disabled={regionLocked} />
          {values.isInternationalAccount ? (
            <InternationalFields locked={locked} paypalLocked={locked.has('paypal')} />
          ) : (
            <LocalFields locked={locked} />
          )}
          <StageActions onBack={onBack} continueLabel={continueLabel} />
          <Modal
            open={confirming !== null}
            title="Confirm your bank details"
            onClose={() => setConfirming(null)}
            footer={
              <>
                <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
                <Button
                  type="button"
                  onClick={() => {
                    const current = form.getState().values;
                    setConfirming(null);
                    if (validateForm(BankDetails, current)) {
                      void form.submit();
                      focusFirstError(formElement());
                      return;
                    }
                    onProceed(current);
                  }}
                >
                  Proceed
                </Button>
              </>
            }
          >
            <p>
              These exact details will be used to pay out your royalties. Please check them carefully: Print on Demand
              is not responsible for payments made to incorrect bank details.
            </p>
            {confirming ? <DetailsList items={summary(confirming)} /> : null}
          </Modal>
        </>
      )}
    </ProfileForm>
  );
}
