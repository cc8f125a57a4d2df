import { useId, useState } from 'react';
import { useField } from 'react-final-form';
import {
  BOOK_DETAILS_MESSAGES,
  Button,
  Field as LabelledField,
  fieldControlClassName,
  MAX_CONTRIBUTORS,
  TextField,
  type Contributor,
} from '@pod/shared-contracts';
import { fieldId } from './form-fields';
import styles from './metadata.module.css';

/** The contributor roles the spec lists (section 3, Lists); 'Custom role' takes any other. */
export const METADATA_CONTRIBUTOR_ROLES = [
  'Co-Author',
  'Editor',
  'Proofreader',
  'Foreword by',
  'Afterword by',
] as const;

const CUSTOM = 'custom';

/**
 * The book's contributors, continued from page 1 (the draft's `contributors`): each listed with
 * a 'Remove contributor X' button; a new one is added with 'Add contributor' only when a name is
 * present (spec section 5), with a role picked from the list or typed as a custom one.
 */
export function ContributorsList() {
  const { input } = useField<Contributor[]>('contributors', { subscription: { value: true } });
  const contributors = Array.isArray(input.value) ? input.value : [];
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>(METADATA_CONTRIBUTOR_ROLES[0]);
  const [customRole, setCustomRole] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const add = () => {
    const chosenRole = (role === CUSTOM ? customRole : role).trim();
    if (name.trim() === '' || chosenRole === '') {
      setProblem(BOOK_DETAILS_MESSAGES.contributor);
      return;
    }
    input.onChange([...contributors, { name: name.trim(), role: chosenRole }]);
    setName('');
    setCustomRole('');
    setProblem(null);
  };

  return (
    <fieldset className={styles.group} aria-describedby={problem ? problemId : undefined}>
      <legend className={styles.legend}>Contributors (optional)</legend>
      {contributors.length > 0 ? (
        <ul className={styles.list} aria-label="Contributors added">
          {contributors.map((contributor, index) => (
            <li key={`${contributor.name}-${index}`}>
              <span>{`${contributor.name} (${contributor.role})`}</span>{' '}
              <Button
                type="button"
                variant="link"
                onClick={() => input.onChange(contributors.filter((_, i) => i !== index))}
              >
                {`Remove contributor ${contributor.name}`}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {contributors.length < MAX_CONTRIBUTORS ? (
        <div className={styles.contributor}>
          <TextField
            id={fieldId('contributors')}
            label="Contributor name"
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <LabelledField label="Contributor role">
            {(control) => (
              <select
                {...control}
                className={fieldControlClassName}
                value={role}
                onChange={(event) => setRole(event.target.value)}
              >
                {METADATA_CONTRIBUTOR_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
                <option value={CUSTOM}>Custom role</option>
              </select>
            )}
          </LabelledField>
          {role === CUSTOM ? (
            <TextField
              label="Custom role"
              autoComplete="off"
              maxLength={50}
              value={customRole}
              onChange={(event) => setCustomRole(event.target.value)}
            />
          ) : null}
          <Button type="button" variant="secondary" onClick={add}>
            Add contributor
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p id={problemId} className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
