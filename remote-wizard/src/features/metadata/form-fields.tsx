import { useId, useRef, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import {
  countWords,
  DateField,
  Field as LabelledField,
  fieldControlClassName,
  FIRST_METADATA_DAY,
  lastMetadataDay,
} from '@pod/shared-contracts';
import styles from './metadata.module.css';

/** The id of a metadata field's control, so a failed Continue can focus the first failing one. */
export function fieldId(name: string): string {
  return `metadata-${name}`;
}

/** A field's message once it was touched or a Continue failed. */
export function useShownError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { error: true, touched: true, submitFailed: true } });
  return (meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : undefined;
}

/** A native select wired to the form, with a 'Select…' first option for none. */
export function SelectField({
  name,
  label,
  hint,
  options,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
}) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  const error = useShownError(name);
  return (
    <LabelledField label={label} hint={hint} error={error} id={fieldId(name)}>
      {(control) => (
        <select {...input} {...control} className={fieldControlClassName} value={input.value ?? ''}>
          <option value="">Select…</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** A dd-mm-yyyy day from 1970 to the end of this year (spec section 5), kept as ISO yyyy-MM-dd. */
export function MetadataDateField({ name, label }: { name: string; label: string }) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  const error = useShownError(name);
  return (
    <DateField
      id={fieldId(name)}
      name={name}
      label={label}
      value={input.value ?? ''}
      min={FIRST_METADATA_DAY}
      max={lastMetadataDay()}
      error={error}
      onChange={input.onChange}
      onBlur={() => input.onBlur()}
    />
  );
}

/**
 * A description with its word counter ('N / 200 words'). With `maxWords`, typing that would go
 * beyond the limit is refused (the text stays as it was), while a paste is taken as it is: the
 * counter turns red and the form's rule blocks Continue until it is shortened (spec section 5).
 */
export function DescriptionField({
  name,
  label,
  hint,
  maxWords,
}: {
  name: string;
  label: string;
  hint: string;
  maxWords?: number;
}) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  const error = useShownError(name);
  const pasting = useRef(false);
  const counterId = useId();
  const value = input.value ?? '';
  const count = countWords(value);
  const over = maxWords !== undefined && count > maxWords;
  return (
    <LabelledField label={label} hint={hint} error={error} id={fieldId(name)}>
      {(control) => (
        <>
          <textarea
            {...control}
            aria-describedby={[control['aria-describedby'], counterId].filter(Boolean).join(' ')}
            name={name}
            className={`${fieldControlClassName ?? ''} ${styles.textarea ?? ''}`}
            rows={maxWords === undefined ? 10 : 6}
            value={value}
            onKeyDown={() => {
              pasting.current = false; // a paste that changed nothing must not let the next keystroke through
            }}
            onPaste={() => {
              pasting.current = true;
            }}
            onChange={(event) => {
              const next = event.target.value;
              const pasted = pasting.current;
              pasting.current = false;
              if (!pasted && maxWords !== undefined) {
                const words = countWords(next);
                if (words > maxWords && words > count) return; // typing beyond the limit adds no word
              }
              input.onChange(next);
            }}
            onBlur={input.onBlur}
            onFocus={input.onFocus}
          />
          <p id={counterId} className={over ? styles.counterOver : styles.counter} data-over-limit={over || undefined}>
            {maxWords === undefined ? `${count} words` : `${count} / ${maxWords} words`}
          </p>
        </>
      )}
    </LabelledField>
  );
}
