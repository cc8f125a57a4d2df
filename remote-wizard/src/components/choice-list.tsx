import { useId } from 'react';
import styles from './choice-list.module.css';

/** One card of a {@link ChoiceList}. */
export interface Choice {
  value: string;
  label: string;
  /** Shown under the label and describing the input. */
  description?: string;
}

/** Props of {@link ChoiceList}. */
export interface ChoiceListProps {
  legend: string;
  /** Radios (one value) or checkboxes (any values). */
  type: 'radio' | 'checkbox';
  choices: readonly Choice[];
  /** The chosen values (one for radios). */
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
}

/** A fieldset of labelled cards, each a radio or checkbox with its description. */
export function ChoiceList({ legend, type, choices, selected, onToggle }: ChoiceListProps) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {choices.map((choice) => {
        const inputId = `${id}-${choice.value}`;
        const descriptionId = choice.description ? `${inputId}-description` : undefined;
        return (
          <div key={choice.value} className={styles.option}>
            <input
              type={type}
              id={inputId}
              name={id}
              value={choice.value}
              checked={selected.includes(choice.value)}
              aria-describedby={descriptionId}
              onChange={(event) => onToggle(choice.value, event.target.checked)}
            />
            <label htmlFor={inputId}>{choice.label}</label>
            {choice.description ? (
              <p id={descriptionId} className={styles.description}>
                {choice.description}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
