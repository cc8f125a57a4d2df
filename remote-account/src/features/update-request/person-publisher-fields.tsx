import { useId } from 'react';
import { UpdateTextArea, UpdateTextField } from './update-fields';
import styles from './update-request.module.css';

/** The person: first and last name, the e-mail as username, phone. */
export function PersonFields() {
  return (
    <div className={styles.section}>
      <UpdateTextField
        name="pendingUserChanges.name_first"
        label="First name"
        autoComplete="given-name"
        maxLength={100}
      />
      <UpdateTextField
        name="pendingUserChanges.name_last"
        label="Last name"
        autoComplete="family-name"
        maxLength={100}
      />
      <UpdateTextField
        name="pendingUserChanges.email"
        label="Username (e-mail)"
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <UpdateTextField
        name="pendingUserChanges.phone_main"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        hint="8 to 15 digits, optionally starting with +."
      />
    </div>
  );
}

/**
 * Publisher Details, collapsible: the heading's button (aria-expanded) shows or hides the
 * fields. Hidden fields keep their values and are still validated; the form opens the
 * section when one of them fails.
 */
export function PublisherSection({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  const regionId = useId();
  return (
    <section className={styles.section}>
      <h2 className={styles.disclosureHeading}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={expanded}
          aria-controls={regionId}
          onClick={onToggle}
        >
          Publisher Details
        </button>
      </h2>
      <div id={regionId} hidden={!expanded}>
        <UpdateTextField
          name="bankInfo.publish_name"
          label="Publisher name"
          autoComplete="organization"
          maxLength={200}
        />
        <UpdateTextField
          name="bankInfo.email"
          label="Publishers email"
          type="email"
          autoComplete="off"
          maxLength={254}
        />
        <UpdateTextField
          name="bankInfo.telephone"
          label="Publishers phone"
          type="tel"
          autoComplete="off"
          maxLength={20}
          hint="8 to 15 digits, optionally starting with +."
        />
        <UpdateTextField name="bankInfo.contact_person" label="Contact name" autoComplete="off" maxLength={200} />
        <UpdateTextField
          name="bankInfo.reg_id_no"
          label="Company registration or ID number"
          autoComplete="off"
          maxLength={30}
        />
        <UpdateTextArea name="bankInfo.postal_address" label="Postal address" maxLength={500} />
        <UpdateTextArea name="bankInfo.physical_address" label="Physical address" maxLength={500} />
      </div>
    </section>
  );
}
