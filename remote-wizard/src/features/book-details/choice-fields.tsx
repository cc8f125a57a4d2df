import { useId, type ReactNode } from 'react';
import { Field, useField, useForm } from 'react-final-form';
import { fieldControlClassName, Field as LabelledField } from '@pod/shared-contracts';
import type { GenreChoice } from './genres';
import { subjectHeadings } from './genres';
import styles from './book-details.module.css';

/** A field's message once it was touched or a Continue failed, as every form shows it. */
export function useShownError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { error: true, touched: true, submitFailed: true } });
  return (meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : undefined;
}

/** A fieldset with its legend and, with `errorOf`, that field's message under it (role alert). */
export function ChoiceGroup({ legend, errorOf, children }: { legend: string; errorOf?: string; children: ReactNode }) {
  return errorOf ? (
    <CheckedGroup legend={legend} errorOf={errorOf}>
      {children}
    </CheckedGroup>
  ) : (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

function CheckedGroup({ legend, errorOf, children }: { legend: string; errorOf: string; children: ReactNode }) {
  const error = useShownError(errorOf);
  const errorId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A labelled checkbox or radio wired to the form; `onPick` runs after the form's own change. */
export function ChoiceInput({
  type,
  name,
  value,
  label,
  disabled,
  onPick,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  value?: string;
  label: string;
  disabled?: boolean;
  onPick?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.option}>
      <Field name={name} type={type} value={value}>
        {({ input }) => (
          <input
            {...input}
            id={id}
            disabled={disabled}
            onChange={(event) => {
              input.onChange(event);
              onPick?.(event.target.checked);
            }}
          />
        )}
      </Field>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * The two-level genre picker: a subject heading, then one of its sub-categories (with its
 * BISAC code). A new heading clears the sub-category; the genre message sits on the second.
 */
export function GenrePicker({ choices, loading }: { choices: readonly GenreChoice[]; loading: boolean }) {
  const form = useForm();
  const heading = useField<string>('genreHeading', { subscription: { value: true } }).input.value;
  const genre = useField<string>('genre');
  const error = useShownError('genre');
  const placeholder = loading ? 'Loading genres…' : 'Select…';
  return (
    <>
      <LabelledField label="Subject heading">
        {(control) => (
          <select
            {...control}
            className={fieldControlClassName}
            value={heading ?? ''}
            onChange={(event) => {
              form.change('genreHeading', event.target.value);
              form.change('genre', '');
            }}
          >
            <option value="">{placeholder}</option>
            {subjectHeadings(choices).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField label="Sub-category" error={error}>
        {(control) => (
          <select
            {...control}
            className={fieldControlClassName}
            name="genre"
            value={genre.input.value ?? ''}
            onChange={genre.input.onChange}
            onBlur={genre.input.onBlur}
            disabled={!heading}
          >
            <option value="">{placeholder}</option>
            {choices
              .filter((choice) => choice.heading === heading)
              .map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {`${choice.subCategory} (${choice.bisac})`}
                </option>
              ))}
          </select>
        )}
      </LabelledField>
    </>
  );
}
