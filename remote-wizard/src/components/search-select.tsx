import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { cx, Field as LabelledField, fieldControlClassName } from '@pod/shared-contracts';
import styles from './search-select.module.css';

/** One choice of a {@link SearchSelect}: the stored value and the text shown and searched. */
export interface SearchOption {
  value: string;
  label: string;
}

/** What the list says when a search finds nothing (new-book-wizard.md section 8). */
export const NO_SEARCH_MATCH = 'No matches for your search term.';

/** Props of {@link SearchSelect}. */
export interface SearchSelectProps {
  /** The field's name in the enclosing react-final-form `<Form>`. */
  name: string;
  /** The visible label, which also names the combobox. */
  label: string;
  options: readonly SearchOption[];
  /** The text of the current value when the options no longer offer it (a filter changed). */
  valueLabel?: string;
  /** Said under the field, and in the list, when there are no options at all. */
  emptyText?: string;
  /** Help text under the label (the field's accessible description). */
  hint?: ReactNode;
  disabled?: boolean;
  /** Runs after the form's own change, with the picked value. */
  onPick?: (value: string) => void;
}

type Meta = {
  touched?: boolean;
  submitFailed?: boolean;
  error?: unknown;
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean;
};

/** A rule's message once touched or after a Continue; a Continue's own message until the value changes. */
export function shownFieldError(meta: Meta): string | undefined {
  if ((meta.touched || meta.submitFailed) && typeof meta.error === 'string') return meta.error;
  if (!meta.dirtySinceLastSubmit && typeof meta.submitError === 'string') return meta.submitError;
  return undefined;
}

const matches = (option: SearchOption, query: string) =>
  option.label.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());

/**
 * A searchable select wired to react-final-form, after the WAI-ARIA 1.2 combobox pattern (list
 * autocomplete): an input with role combobox named by its label, `aria-expanded`,
 * `aria-controls` its listbox and `aria-activedescendant` the highlighted option. A click or
 * Down arrow opens the list with every option; typing filters it ('No matches for your search
 * term.' when nothing is left); Up/Down move, Enter picks, Escape closes and keeps the value; a
 * click on an option picks it. Focus stays in the input throughout (options are not focusable).
 */
export function SearchSelect({
  name,
  label,
  options,
  valueLabel,
  emptyText,
  hint,
  disabled,
  onPick,
}: SearchSelectProps) {
  const { input, meta } = useField<string>(name, {
    subscription: {
      value: true,
      error: true,
      touched: true,
      submitFailed: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);

  const value = input.value ?? '';
  const chosen = options.find((option) => option.value === value);
  const chosenLabel = chosen?.label ?? (value ? (valueLabel ?? '') : '');
  const shown = query ? options.filter((option) => matches(option, query)) : options;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const none = options.length === 0 ? (emptyText ?? NO_SEARCH_MATCH) : NO_SEARCH_MATCH;

  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const openList = (at?: 'first' | 'last') => {
    setOpen(true);
    setQuery('');
    const index = options.findIndex((option) => option.value === value);
    if (at === 'last') setActive(options.length - 1);
    else setActive(index >= 0 ? index : options.length > 0 ? 0 : -1);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(-1);
  };
  const pick = (option: SearchOption) => {
    input.onChange(option.value);
    onPick?.(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((was) => Math.min(was + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList('last');
        else setActive((was) => Math.max(was - 1, 0));
        break;
      case 'Enter':
        if (!open) return; // a closed list lets Enter submit the form
        event.preventDefault();
        if (active >= 0 && shown[active]) pick(shown[active]);
        else close();
        break;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      default:
    }
  };

  const listShown = open && shown.length > 0;
  return (
    <LabelledField
      label={label}
      hint={hint ?? (options.length === 0 && emptyText ? emptyText : undefined)}
      error={shownFieldError(meta)}
    >
      {(control) => (
        <div className={styles.wrapper}>
          <input
            {...control}
            className={fieldControlClassName}
            type="text"
            role="combobox"
            name={name}
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
            disabled={disabled}
            placeholder={open ? chosenLabel || 'Type to search' : 'Select…'}
            value={open ? query : chosenLabel}
            onClick={() => {
              if (!open) openList();
            }}
            onChange={(event) => {
              setOpen(true);
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => input.onFocus()}
            onBlur={() => {
              close();
              input.onBlur();
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className={styles.listbox}
            hidden={!listShown}
            // Keep focus in the input while an option is pressed, so the list is not closed first.
            onMouseDown={(event) => event.preventDefault()}
          >
            {shown.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cx(
                  styles.option,
                  index === active && styles.active,
                  option.value === value && styles.chosen,
                )}
                onClick={() => pick(option)}
                onMouseMove={() => setActive(index)}
              >
                {option.label}
              </li>
            ))}
          </ul>
          <p className={styles.message} aria-live="polite">
            {open && shown.length === 0 ? none : ''}
          </p>
        </div>
      )}
    </LabelledField>
  );
}
