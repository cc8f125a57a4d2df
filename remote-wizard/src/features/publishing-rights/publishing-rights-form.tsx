import { useId, useState, type ReactNode } from 'react';
import { AlertBar, Button, Link } from '@pod/shared-contracts';
import {
  COPYRIGHT_WARNING,
  NO_ANSWERS,
  rightsOutcome,
  SELECT_OPTION_MESSAGE,
  type RightsAnswers,
  type RightsBasis,
} from './rights';
import styles from './publishing-rights.module.css';

/** Props of {@link PublishingRightsForm}. */
export interface PublishingRightsFormProps {
  /** The answers to start from (a stage revisited); none by default. */
  initialAnswers?: RightsAnswers;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Called with resolved, allowed answers only. */
  onContinue: (answers: RightsAnswers) => void;
  /** Where Go Back leads (the wizard's base path, which starts the wizard again). */
  goBackTo: string;
  /** Called when Go Back is followed, so stored answers can be forgotten. */
  onGoBack?: () => void;
}

function Choice({
  type,
  name,
  checked,
  onChange,
  children,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.option}>
      <input id={id} type={type} name={name} checked={checked} onChange={onChange} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

/**
 * The Publishing Rights questionnaire. The two bases exclude each other (ticking one unticks the
 * other and forgets its answer); a 'yes' to the copyright question blocks the title with the
 * warning, links and Go Back, and hides Continue until the answer changes.
 */
export function PublishingRightsForm({
  initialAnswers = NO_ANSWERS,
  continueLabel,
  onContinue,
  goBackTo,
  onGoBack,
}: PublishingRightsFormProps) {
  const [answers, setAnswers] = useState(initialAnswers);
  const [showError, setShowError] = useState(false);
  const errorId = useId();
  const outcome = rightsOutcome(answers);

  const update = (next: RightsAnswers) => {
    setAnswers(next);
    setShowError(false);
  };
  const toggleBasis = (basis: RightsBasis) => update(answers.basis === basis ? NO_ANSWERS : { ...NO_ANSWERS, basis });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (outcome === 'allowed') onContinue(answers);
        else setShowError(true);
      }}
    >
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Publishing rights</legend>
        <Choice type="checkbox" name="basis" checked={answers.basis === 'owner'} onChange={() => toggleBasis('owner')}>
          I own the copyright and the publishing rights of this title
        </Choice>
        <Choice
          type="checkbox"
          name="basis"
          checked={answers.basis === 'public-domain'}
          onChange={() => toggleBasis('public-domain')}
        >
          This title is in the public domain
        </Choice>
      </fieldset>

      {answers.basis === 'owner' ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            Have you sold, licensed or assigned the publishing rights of this title to anyone else, such as a publisher?
          </legend>
          {(['yes', 'no'] as const).map((answer) => (
            <Choice
              key={answer}
              type="radio"
              name="copyright"
              checked={answers.copyright === answer}
              onChange={() => update({ ...answers, copyright: answer })}
            >
              {answer === 'yes' ? 'Yes' : 'No'}
            </Choice>
          ))}
        </fieldset>
      ) : null}

      {answers.basis === 'public-domain' ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            Is your title a reproduction or a compilation of public-domain works?
          </legend>
          {(['reproduction', 'compilation'] as const).map((kind) => (
            <Choice
              key={kind}
              type="radio"
              name="public-domain-kind"
              checked={answers.publicDomainKind === kind}
              onChange={() => update({ ...answers, publicDomainKind: kind })}
            >
              {kind === 'reproduction' ? 'A reproduction' : 'A compilation'}
            </Choice>
          ))}
        </fieldset>
      ) : null}

      {outcome === 'blocked' ? (
        <>
          <AlertBar variant="danger" message={COPYRIGHT_WARNING} />
          <ul className={styles.links} aria-label="Help with publishing rights">
            <li>
              <Link to="/support">Our legal documents and support</Link>
            </li>
            <li>
              <Link to="/books">Your books</Link>
            </li>
          </ul>
        </>
      ) : null}

      {showError ? (
        <p className={styles.error} id={errorId} role="alert">
          {SELECT_OPTION_MESSAGE}
        </p>
      ) : null}

      <div className={styles.actions}>
        <Link
          to={goBackTo}
          onClick={() => {
            setAnswers(NO_ANSWERS);
            setShowError(false);
            onGoBack?.();
          }}
        >
          Go Back
        </Link>
        {outcome === 'blocked' ? null : (
          <Button type="submit" aria-describedby={showError ? errorId : undefined}>
            {continueLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
