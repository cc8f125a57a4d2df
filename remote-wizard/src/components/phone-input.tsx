import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx, Field as LabelledField, fieldControlClassName } from '@pod/shared-contracts';
import { DEFAULT_COUNTRY, detectCountry, flagUrl, searchCountries, stripPhone, type Country } from './countries';
import { NO_SEARCH_MATCH } from './search-select';
import styles from './phone-input.module.css';

/** Props of {@link PhoneInput}. */
export interface PhoneInputProps {
  /** The number: '+' and digits as the input leaves them ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  /** The number's label; 'Telephone' by default. */
  label?: string;
  /** The input's name (the form field's, so a failed Continue can focus it). */
  name?: string;
  error?: string;
  hint?: ReactNode;
  /** A locked number: neither it nor its country can change. */
  readOnly?: boolean;
}

const optionText = (country: Country) => `${country.name} ${country.dial_code}`;

/**
 * A telephone number with a searchable country picker (new-book-wizard.md sections 3 and 5).
 * Typing keeps only digits and a leading +; the country shown is the one whose dial code is the
 * longest prefix of the number, South Africa (+27) while it is empty, and an empty number takes
 * that country's code on focus (given back on blur when nothing followed it). Picking a country
 * puts its code in front of the number in place of the old one (a national number loses its
 * leading 0). The picker is a combobox 'Country code' after the WAI-ARIA pattern: typing filters
 * by name or dial code, Up/Down/Enter/Escape, flags from /assets/flags/{code}.svg.
 */
export function PhoneInput({
  value,
  onChange,
  onFocus,
  onBlur,
  label = 'Telephone',
  name,
  error,
  hint,
  readOnly,
}: PhoneInputProps) {
  const [picked, setPicked] = useState<Country>();
  const numberRef = useRef<HTMLInputElement>(null);
  const shown = detectCountry(value, picked) ?? picked ?? DEFAULT_COUNTRY;

  const pick = (country: Country) => {
    setPicked(country);
    const current = detectCountry(value, picked);
    const rest = current ? value.slice(current.dial_code.length) : value.replace(/^\+/, '').replace(/^0+/, '');
    // Focus first: the number's focus handler fills an empty number with the old country's code.
    numberRef.current?.focus();
    onChange(`${country.dial_code}${rest}`);
  };

  return (
    <div className={styles.phone}>
      <CountryPicker country={shown} onPick={pick} disabled={readOnly} />
      <LabelledField label={label} error={error} hint={hint} className={styles.number}>
        {(control) => (
          <input
            {...control}
            ref={numberRef}
            className={fieldControlClassName}
            type="tel"
            name={name}
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            readOnly={readOnly}
            value={value}
            onChange={(event) => onChange(stripPhone(event.target.value))}
            onFocus={() => {
              if (!value && !readOnly) onChange(shown.dial_code);
              onFocus?.();
            }}
            onBlur={() => {
              // Only a dial code (or a bare +) is no number: empty again, so "required" applies.
              if (!readOnly && (value === '+' || value === shown.dial_code)) onChange('');
              onBlur?.();
            }}
          />
        )}
      </LabelledField>
    </div>
  );
}

/** The searchable country list of {@link PhoneInput}: a combobox with a listbox of flags, names and codes. */
function CountryPicker({
  country,
  onPick,
  disabled,
}: {
  country: Country;
  onPick: (country: Country) => void;
  disabled?: boolean;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const shown = open ? searchCountries(query) : [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const openList = () => {
    setOpen(true);
    setQuery('');
    setActive(
      Math.max(
        0,
        searchCountries('').findIndex((each) => each.code === country.code),
      ),
    );
  };
  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(-1);
  };
  const choose = (chosen: Country) => {
    close();
    onPick(chosen);
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
        if (open) setActive((was) => Math.max(was - 1, 0));
        break;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        if (active >= 0 && shown[active]) choose(shown[active]);
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
    <LabelledField label="Country code" className={styles.country}>
      {(control) => (
        <div className={styles.wrapper}>
          <img className={styles.flag} src={flagUrl(country)} alt="" width={24} height={16} />
          <input
            {...control}
            className={cx(fieldControlClassName, styles.countryInput)}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
            readOnly={disabled}
            aria-readonly={disabled || undefined}
            placeholder={open ? 'Search countries' : undefined}
            value={open ? query : optionText(country)}
            onClick={() => {
              if (!open && !disabled) openList();
            }}
            onChange={(event) => {
              if (disabled) return;
              setOpen(true);
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={disabled ? undefined : onKeyDown}
            onBlur={close}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Countries"
            className={styles.listbox}
            hidden={!listShown}
            onMouseDown={(event) => event.preventDefault()}
          >
            {shown.map((each, index) => (
              <li
                key={each.code}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cx(styles.option, index === active && styles.active)}
                onClick={() => choose(each)}
                onMouseMove={() => setActive(index)}
              >
                <img src={flagUrl(each)} alt="" width={24} height={16} loading="lazy" />
                {optionText(each)}
              </li>
            ))}
          </ul>
          <p className={styles.message} aria-live="polite">
            {open && shown.length === 0 ? NO_SEARCH_MATCH : ''}
          </p>
        </div>
      )}
    </LabelledField>
  );
}
