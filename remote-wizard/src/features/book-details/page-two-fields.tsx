import { useId, type ChangeEvent } from 'react';
import { Field } from 'react-final-form';
import { Field as LabelledField, fieldControlClassName, TextField } from '@pod/shared-contracts';
import { shownFieldError } from '../../components/search-select';
import type { BookDraft } from './book-draft';
import styles from './book-details.module.css';

/** Typing a price keeps to its pattern: up to 8 digits and up to 2 decimals (spec section 9). */
const PRICE_TYPING = /^\d{0,8}(\.\d{0,2})?$/;

/** The page count as typed: digits and a decimal point (a half page gets its own message). */
export const pagesTyping = (value: string | undefined) => (value ?? '').replace(/[^\d.]/g, '').slice(0, 10);

/** Whole numbers only (the number of chapters). */
const digitsTyping = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 3);

/** The selling-price field of a region: 'Local selling price (R)' or 'International selling price (USD)'. */
export function PriceField({ name }: { name: 'bookPrice' | 'internationalBookPrice' }) {
  const label = name === 'bookPrice' ? 'Local selling price (R)' : 'International selling price (USD)';
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <TextField
          {...input}
          label={label}
          inputMode="decimal"
          autoComplete="off"
          error={shownFieldError(meta)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            // A keystroke that would break the pattern is refused: the value stays as it was.
            if (PRICE_TYPING.test(event.target.value)) input.onChange(event);
          }}
        />
      )}
    </Field>
  );
}

/** A text field wired to the form, with a typing filter and a change hook. */
export function TypedField({
  name,
  label,
  parse,
  inputMode = 'numeric',
  onTyped,
}: {
  name: keyof BookDraft;
  label: string;
  parse: (value: string | undefined) => string;
  inputMode?: 'numeric' | 'decimal';
  /** After the form's own change, with the new value. */
  onTyped?: (value: string) => void;
}) {
  return (
    <Field<string> name={name} parse={parse}>
      {({ input, meta }) => (
        <TextField
          {...input}
          label={label}
          inputMode={inputMode}
          autoComplete="off"
          error={shownFieldError(meta)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            input.onChange(event);
            onTyped?.(parse(event.target.value));
          }}
        />
      )}
    </Field>
  );
}

/** The number of chapters of a recording: digits only. */
export function ChaptersField() {
  return <TypedField name="numChapters" label="Number of chapters" parse={digitsTyping} />;
}

/** A native select wired to the form (Paper side, Spine): role combobox, picked with selectOption. */
export function NativeSelect({
  name,
  label,
  options,
}: {
  name: keyof BookDraft;
  label: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
}) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <LabelledField label={label} error={shownFieldError(meta)}>
          {(control) => (
            <select {...control} {...input} className={fieldControlClassName}>
              <option value="">Select…</option>
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      )}
    </Field>
  );
}

/** A checkbox with its cost as a hint (its accessible description); `onPick` after the form's change. */
export function ExtraCheckbox({
  name,
  label,
  hint,
  onPick,
}: {
  name: keyof BookDraft;
  label: string;
  hint: string;
  onPick?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.extra}>
      <div className={styles.option}>
        <Field name={name} type="checkbox">
          {({ input }) => (
            <input
              {...input}
              id={id}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                input.onChange(event);
                onPick?.(event.target.checked);
              }}
            />
          )}
        </Field>
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
    </div>
  );
}
