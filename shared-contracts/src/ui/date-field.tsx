import { useEffect, useRef, useState } from 'react';
import { formatDay, parseDay } from '../format';
import { TextField } from './field';

/** The message for text that is not a day in the portal's format. */
export const DATE_FORMAT_MESSAGE = 'Enter a date as dd-mm-yyyy, for example 05-03-2024';

/** Props of {@link DateField}. */
export interface DateFieldProps {
  label: string;
  /** The day as ISO `yyyy-MM-dd`, or '' for none. */
  value: string;
  /** Called with an ISO day, or '' while the field holds no complete, allowed day. */
  onChange: (value: string) => void;
  /** Earliest and latest allowed days, ISO; a day outside them is reported, not passed on. */
  min?: string | undefined;
  max?: string | undefined;
  className?: string;
  /** The input's id and name (a form focuses its first failing field by them). */
  id?: string;
  name?: string;
  /** The owner's message (a form's rule), shown when the field finds nothing wrong itself. */
  error?: string | undefined;
  /** Called when the field loses focus (a form marks it touched). */
  onBlur?: () => void;
}

/**
 * A day typed as the portal shows days everywhere, dd-mm-yyyy. A native date input would show
 * the browser's locale instead (mm/dd/yyyy in an American browser) beside order cards that read
 * dd-MM-yyyy. The text is kept as typed; a complete, real day within min and max reaches
 * `onChange`, anything else gives '' (no day), so nothing is filtered by a day the field does not
 * show, and the problem is explained under the field once the user leaves it.
 */
export function DateField({ label, value, onChange, min, max, className, id, name, error, onBlur }: DateFieldProps) {
  const [text, setText] = useState(() => formatDay(value));
  const [touched, setTouched] = useState(false);
  const emitted = useRef(value);

  // Follow a value changed from outside (Clear Filters), not the echo of what we passed on.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(formatDay(value));
  }, [value]);

  const day = parseDay(text);
  let problem: string | null = null;
  if (text.trim() !== '' && day === null) problem = DATE_FORMAT_MESSAGE;
  else if (day !== null && min && day < min) problem = `Choose ${formatDay(min)} or a later day`;
  else if (day !== null && max && day > max) problem = `Choose ${formatDay(max)} or an earlier day`;

  return (
    <TextField
      className={className}
      id={id}
      name={name}
      label={label}
      hint="dd-mm-yyyy"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd-mm-yyyy"
      value={text}
      error={(touched ? problem : null) ?? error}
      onBlur={() => {
        setTouched(true);
        onBlur?.();
      }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = parseDay(next);
        const allowed = parsed !== null && !(min && parsed < min) && !(max && parsed > max);
        emitted.current = allowed ? parsed : '';
        if (emitted.current !== value) onChange(emitted.current);
      }}
    />
  );
}
