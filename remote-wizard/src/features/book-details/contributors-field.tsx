import { Field, useField, useForm } from 'react-final-form';
import { Button, MAX_CONTRIBUTORS, TextField, type Contributor } from '@pod/shared-contracts';
import styles from './book-details.module.css';

/** The contributor roles the spec lists; any other role may be typed (spec section 3, Lists). */
export const CONTRIBUTOR_ROLES = ['Co-Author', 'Editor', 'Proofreader', 'Foreword by', 'Afterword by'] as const;

const ROLE_LIST_ID = 'contributor-roles';

function shownError(meta: { touched?: boolean; submitFailed?: boolean; error?: unknown }): string | undefined {
  return (meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : undefined;
}

/**
 * The book's contributors (name and role, both or neither): one row to start with, 'Add
 * contributor' for more (up to MAX_CONTRIBUTORS), 'Remove' on each row once there are two.
 * The role suggests the spec's roles and takes a custom one.
 */
export function ContributorsField() {
  const form = useForm();
  const list = useField<Contributor[]>('contributors', { subscription: { value: true } }).input.value;
  const contributors = Array.isArray(list) ? list : [];
  const rows = Math.max(1, contributors.length);

  const remove = (index: number) =>
    form.change(
      'contributors',
      contributors.filter((_, i) => i !== index),
    );

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Contributors</legend>
      <datalist id={ROLE_LIST_ID}>
        {CONTRIBUTOR_ROLES.map((role) => (
          <option key={role} value={role} />
        ))}
      </datalist>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} role="group" aria-label={`Contributor ${index + 1}`} className={styles.contributor}>
          <Field<string> name={`contributors[${index}].name`}>
            {({ input, meta }) => (
              <TextField
                {...input}
                label="Contributor name"
                autoComplete="off"
                maxLength={100}
                error={shownError(meta)}
              />
            )}
          </Field>
          <Field<string> name={`contributors[${index}].role`}>
            {({ input, meta }) => (
              <TextField
                {...input}
                label="Contributor role"
                autoComplete="off"
                maxLength={50}
                list={ROLE_LIST_ID}
                error={shownError(meta)}
              />
            )}
          </Field>
          {rows > 1 ? (
            <Button type="button" variant="link" onClick={() => remove(index)}>
              {`Remove contributor ${index + 1}`}
            </Button>
          ) : null}
        </div>
      ))}
      {rows < MAX_CONTRIBUTORS ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            form.change('contributors', [
              ...(contributors.length ? contributors : [{ name: '', role: '' }]),
              { name: '', role: '' },
            ])
          }
        >
          Add contributor
        </Button>
      ) : null}
    </fieldset>
  );
}
