import { useState } from 'react';
import { useField } from 'react-final-form';
import { Button, TextField } from '@pod/shared-contracts';
import { fieldId, useShownError } from './form-fields';
import styles from './metadata.module.css';

/** The keywords of `text`, split at each semicolon, trimmed, blanks dropped. */
export function splitKeywords(text: string): string[] {
  return text
    .split(';')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

/** `list` with `added` appended, each keyword once (compared without case). */
function withKeywords(list: readonly string[], added: readonly string[]): string[] {
  const next = [...list];
  for (const keyword of added) {
    if (!next.some((known) => known.toLowerCase() === keyword.toLowerCase())) next.push(keyword);
  }
  return next;
}

/**
 * The keywords (spec section 5): a 'Keyword' box whose text Enter or 'Add' adds; a semicolon
 * splits it into several (typed or pasted, the keywords before the last semicolon are added at
 * once). Each keyword is listed with its 'Remove keyword X' button.
 */
export function KeywordsField() {
  const { input } = useField<string[]>('keywords', { subscription: { value: true } });
  const error = useShownError('keywords');
  const [text, setText] = useState('');
  const keywords = Array.isArray(input.value) ? input.value : [];

  const add = (typed: string) => {
    const added = splitKeywords(typed);
    if (added.length > 0) input.onChange(withKeywords(keywords, added));
  };

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Keywords</legend>
      <div className={styles.inline}>
        <TextField
          id={fieldId('keywords')}
          label="Keyword"
          hint="Press Enter or Add for each keyword; separate several with a semicolon (;)."
          autoComplete="off"
          maxLength={500}
          value={text}
          error={error}
          onChange={(event) => {
            const typed = event.target.value;
            const last = typed.lastIndexOf(';');
            if (last === -1) {
              setText(typed);
              return;
            }
            add(typed.slice(0, last));
            setText(typed.slice(last + 1).trimStart());
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault(); // Enter adds the keyword; it does not submit the form
            add(text);
            setText('');
          }}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            add(text);
            setText('');
          }}
        >
          Add
        </Button>
      </div>
      {keywords.length > 0 ? (
        <ul className={styles.chips} aria-label="Keywords added">
          {keywords.map((keyword) => (
            <li key={keyword} className={styles.chip}>
              <span>{keyword}</span>
              <Button
                type="button"
                variant="link"
                aria-label={`Remove keyword ${keyword}`}
                onClick={() => input.onChange(keywords.filter((known) => known !== keyword))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
