import { useMemo, useState } from 'react';
import { Field, Form, FormSpy } from 'react-final-form';
import {
  BookDetailsPage1,
  Button,
  FinalTextField,
  ISBN_LENGTH,
  TextField,
  useResourcesQuery,
  validateForm,
} from '@pod/shared-contracts';
import { ChoiceGroup, ChoiceInput, GenrePicker } from './choice-fields';
import { genreChoices } from './genres';
import { LeavePrompt } from './leave-prompt';
import type { PageOneDraft } from './page-one-draft';
import styles from './book-details.module.css';

/** Props of {@link BookDetailsPageOne}. */
export interface BookDetailsPageOneProps {
  /** The values to start from (the stored draft). */
  initialValues: PageOneDraft;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Every change, for the draft in browser storage. */
  onChange: (values: Partial<BookDetailsPage1>) => void;
  /** Called with valid values only. */
  onContinue: (values: BookDetailsPage1) => void;
}

/** Typing into the ISBN keeps digits only, at most 13 (spec section 5). */
export function isbnDigits(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, ISBN_LENGTH);
}

const FORMATS = [
  ['print', 'Print'],
  ['ebook', 'eBook'],
  ['audiobook', 'Audiobook'],
] as const;

const validate = (values: Partial<BookDetailsPage1>) => validateForm(BookDetailsPage1, values);

/**
 * Page 1 of the book details: title, format, eBook author, sales region, genre, ISBN and a
 * contributor, checked by the shared BookDetailsPage1 struct (the server's own messages).
 * eBook forces international only; the 'I need an ISBN' toggle clears the ISBN; Back asks
 * before leaving for the dashboard.
 */
export function BookDetailsPageOne({ initialValues, continueLabel, onChange, onContinue }: BookDetailsPageOneProps) {
  const [leaving, setLeaving] = useState(false);
  const resources = useResourcesQuery();
  const choices = useMemo(() => genreChoices(resources.data ?? []), [resources.data]);

  return (
    <Form<BookDetailsPage1>
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => onContinue(values)}
      render={({ handleSubmit, form, values }) => {
        const ebook = values.format === 'ebook';
        return (
          <form className={styles.form} noValidate onSubmit={handleSubmit}>
            <FormSpy<BookDetailsPage1> subscription={{ values: true }} onChange={({ values: v }) => onChange(v)} />
            <FinalTextField name="title" label="Title" maxLength={200} autoComplete="off" />

            <ChoiceGroup legend="Format" errorOf="format">
              {FORMATS.map(([value, label]) => (
                <ChoiceInput
                  key={value}
                  type="radio"
                  name="format"
                  value={value}
                  label={label}
                  onPick={() => {
                    // eBooks are sold internationally only (spec section 4).
                    if (value === 'ebook') {
                      form.change('local', false);
                      form.change('international', true);
                    }
                  }}
                />
              ))}
            </ChoiceGroup>

            {ebook ? <FinalTextField name="ebookAuthor" label="eBook author" autoComplete="off" /> : null}

            <ChoiceGroup legend="Sales region" errorOf="local">
              <ChoiceInput type="checkbox" name="local" label="Local" disabled={ebook} />
              <ChoiceInput type="checkbox" name="international" label="International" disabled={ebook} />
            </ChoiceGroup>

            <ChoiceGroup legend="Genre">
              <GenrePicker choices={choices} loading={resources.isPending} />
              {resources.isError ? (
                <p role="alert" className={styles.error}>
                  The genres could not be loaded.{' '}
                  <Button type="button" variant="link" onClick={() => void resources.refetch()}>
                    Retry
                  </Button>
                </p>
              ) : null}
            </ChoiceGroup>

            <ChoiceGroup legend="ISBN">
              <ChoiceInput
                type="checkbox"
                name="isbnNeeded"
                label="I need an ISBN"
                onPick={() => form.change('isbn', '')}
              />
              <Field<string> name="isbn" parse={isbnDigits}>
                {({ input, meta }) => (
                  <TextField
                    {...input}
                    label="ISBN"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={ISBN_LENGTH}
                    disabled={values.isbnNeeded}
                    error={
                      (meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : undefined
                    }
                  />
                )}
              </Field>
            </ChoiceGroup>

            <ChoiceGroup legend="Contributor">
              <FinalTextField name="contributorName" label="Contributor name" autoComplete="off" />
              <FinalTextField name="contributorRole" label="Contributor role" autoComplete="off" />
            </ChoiceGroup>

            <div className={styles.actions}>
              <Button type="button" variant="secondary" onClick={() => setLeaving(true)}>
                Back
              </Button>
              <Button type="submit">{continueLabel}</Button>
            </div>
            <LeavePrompt open={leaving} onStay={() => setLeaving(false)} />
          </form>
        );
      }}
    />
  );
}
