import type { FormApi } from 'final-form';
import { PublisherDetails, validateForm } from '@pod/shared-contracts';
import { ProfileCheckbox, ProfilePhoneField, ProfileTextField } from '../../components/profile-fields';
import { ProfileForm } from '../../components/profile-form';
import { StageActions } from '../../components/stage-actions';
import type { PublisherTextField, PublisherValues } from './publisher-draft';
import styles from './publisher-info.module.css';

/** The signed-in author's names and e-mail, for 'I am a self-publisher'. */
export interface SelfPublisher {
  name: string;
  email: string;
}

/** Props of {@link PublisherForm}. */
export interface PublisherFormProps {
  /** The draft with the saved profile values over it. */
  initialValues: PublisherValues;
  /** Fields whose value is saved in the profile: read-only. */
  locked: ReadonlySet<PublisherTextField>;
  /** The prefill of 'I am a self-publisher'; null when the user is not known. */
  self: SelfPublisher | null;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Every change, for the draft in browser storage. */
  onChange: (values: Partial<PublisherValues>) => void;
  /** Called with valid values only. */
  onContinue: (values: PublisherValues) => void;
  onBack: () => void;
}

const validate = (values: Partial<PublisherValues>) => validateForm(PublisherDetails, values);

/** The fields 'I am a self-publisher' fills, with the value each takes. */
function selfValues(self: SelfPublisher): Partial<Record<PublisherTextField, string>> {
  return { publisherName: self.name, publisherContactPerson: self.name, publisherEmail: self.email };
}

/**
 * Ticking fills the unlocked name, contact person and e-mail from the author's profile; unticking
 * empties those that still hold that prefill (what the author typed over it stays).
 */
function onSelfPublisher(
  form: FormApi<PublisherValues>,
  checked: boolean,
  self: SelfPublisher | null,
  locked: ReadonlySet<PublisherTextField>,
) {
  if (!self) return;
  const values = form.getState().values;
  for (const [field, value] of Object.entries(selfValues(self)) as [PublisherTextField, string][]) {
    if (locked.has(field)) continue;
    if (checked) form.change(field, value);
    else if (values[field] === value) form.change(field, '');
  }
}

/**
 * Publisher Details (new-book-wizard.md sections 3 and 5): the publisher's name, registration id,
 * addresses, telephone, e-mail and contact person, checked field by field by the shared
 * PublisherDetails struct; a failed Continue focuses the first message. Saved profile values are
 * read-only under the spec's note. 'Same as physical address' copies the physical address into
 * the postal one and keeps them in step while ticked.
 */
export function PublisherForm({
  initialValues,
  locked,
  self,
  continueLabel,
  onChange,
  onContinue,
  onBack,
}: PublisherFormProps) {
  return (
    <ProfileForm<PublisherValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={onContinue}
      onChange={onChange}
      anyLocked={locked.size > 0}
      className={styles.form}
    >
      {({ form, values }) => (
        <>
          <ProfileCheckbox
            name="isSelfPublisher"
            label="I am a self-publisher"
            disabled={!self}
            onPick={(checked) => onSelfPublisher(form, checked, self, locked)}
          />
          <ProfileTextField
            name="publisherName"
            label="Publisher name"
            autoComplete="organization"
            maxLength={200}
            locked={locked.has('publisherName')}
          />
          <ProfileTextField
            name="publisherRegId"
            label="Registration ID"
            autoComplete="off"
            maxLength={30}
            locked={locked.has('publisherRegId')}
          />
          <ProfileTextField
            name="publisherPhysicalAddress"
            label="Physical address"
            autoComplete="street-address"
            maxLength={500}
            locked={locked.has('publisherPhysicalAddress')}
            onValue={(value) => {
              if (values.postalSameAsPhysical) form.change('publisherPostalAddress', value);
            }}
          />
          <ProfileCheckbox
            name="postalSameAsPhysical"
            label="Same as physical address"
            disabled={locked.has('publisherPostalAddress')}
            onPick={(checked) => {
              if (checked) form.change('publisherPostalAddress', form.getState().values.publisherPhysicalAddress);
            }}
          />
          <ProfileTextField
            name="publisherPostalAddress"
            label="Postal address"
            maxLength={500}
            locked={locked.has('publisherPostalAddress') || values.postalSameAsPhysical}
            describedBy={locked.has('publisherPostalAddress') ? undefined : ''}
          />
          <ProfilePhoneField name="publisherTelephone" locked={locked.has('publisherTelephone')} />
          <ProfileTextField
            name="publisherEmail"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            locked={locked.has('publisherEmail')}
          />
          <ProfileTextField
            name="publisherContactPerson"
            label="Contact person"
            autoComplete="name"
            maxLength={200}
            locked={locked.has('publisherContactPerson')}
          />
          <StageActions onBack={onBack} continueLabel={continueLabel} />
        </>
      )}
    </ProfileForm>
  );
}
