import { useState } from 'react';
import { Form } from 'react-final-form';
import {
  AlertBar,
  alertMessage,
  Button,
  EditDetailsForm,
  isQueuedOffline,
  Modal,
  raiseAlert,
  useInvalidate,
  validateForm,
  type User,
} from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { editUser } from './api/edit-user';
import styles from './edit-details.module.css';

/** The success alert after the details were saved. */
export const DETAILS_SAVED = 'Your details have been updated.';

/** A single blank space counts as empty (spec section 3), so Done stays disabled for it. */
const isBlank = (value: string | undefined) => (value ?? '').trim().length === 0;

/** Props of {@link EditDetailsDialog}. */
export interface EditDetailsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in user: the fields start from their names and phone. */
  user: Pick<User, 'name_first' | 'name_last' | 'phone_main'>;
}

/**
 * The 'Edit details' dialog: 'First name', 'Surname', 'Phone number' with the shared
 * EditDetailsForm rules ('Please enter a valid name' / 'surname' / 'phone number'); Done is
 * disabled while any of the three is empty. PUT /user/edituser; success closes the dialog,
 * raises a success alert and re-reads the user (`userChanged`), so the profile and the top bar
 * show the new names. A server error shows in an alert inside the dialog. Offline the change is
 * queued: the dialog closes and the queued alert shows instead of the success one.
 */
export function EditDetailsDialog({ open, onClose, user }: EditDetailsDialogProps) {
  return (
    <Modal open={open} title="Edit details" onClose={onClose}>
      <EditDetailsFields user={user} onClose={onClose} />
    </Modal>
  );
}

function EditDetailsFields({ user, onClose }: Omit<EditDetailsDialogProps, 'open'>) {
  const invalidate = useInvalidate();
  const [failure, setFailure] = useState<string | null>(null);
  // Taken once, when the dialog opens: a re-read of the user meanwhile must not reset the typing.
  const [initialValues] = useState<EditDetailsForm>(() => ({
    name_first: user.name_first ?? '',
    name_last: user.name_last ?? '',
    phone_main: user.phone_main ?? '',
  }));

  const onSubmit = async (values: EditDetailsForm) => {
    setFailure(null);
    try {
      await editUser({
        name_first: values.name_first.trim(),
        name_last: values.name_last.trim(),
        phone_main: values.phone_main.trim(),
      });
    } catch (error) {
      // Queued offline: accepted (its alert says it will be updated when the connection is back).
      if (isQueuedOffline(error)) {
        onClose();
        return;
      }
      setFailure(alertMessage(error));
      return;
    }
    onClose();
    raiseAlert({ variant: 'success', message: DETAILS_SAVED });
    void invalidate('userChanged');
  };

  return (
    <Form<EditDetailsForm>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => validateForm(EditDetailsForm, values)}
      render={({ handleSubmit, submitting, values }) => {
        const incomplete = isBlank(values.name_first) || isBlank(values.name_last) || isBlank(values.phone_main);
        return (
          <form onSubmit={handleSubmit} noValidate>
            {failure ? <AlertBar variant="danger" message={failure} className={styles.failure} /> : null}
            <FinalTextField name="name_first" label="First name" autoComplete="given-name" />
            <FinalTextField name="name_last" label="Surname" autoComplete="family-name" />
            <FinalTextField name="phone_main" type="tel" label="Phone number" autoComplete="tel" />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" busy={submitting} disabled={incomplete}>
                Done
              </Button>
            </div>
          </form>
        );
      }}
    />
  );
}
