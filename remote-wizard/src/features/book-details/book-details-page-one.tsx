import { useMemo, type ReactNode } from 'react';
import { Field, Form, FormSpy } from 'react-final-form';
import type { FormApi, SubmissionErrors } from 'final-form';
import {
  ApiError,
  BOOK_DETAILS_MESSAGES,
  BookDetailsPage1,
  Button,
  ISBN_LENGTH,
  TextField,
  useResourcesQuery,
  validateForm,
} from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { isIsbnFree } from './api/valid-isbn';
import type { BookDraft } from './book-draft';
import { ChoiceGroup, ChoiceInput, GenrePicker } from './choice-fields';
import { ContributorsField } from './contributors-field';
import { genreChoices } from './genres';
import { LeavePrompt } from './leave-prompt';
import styles from './book-details.module.css';

/** Props of {@link BookDetailsPageOne}. */
export interface BookDetailsPageOneProps {
  /** The values to start from (the stored draft). */
  initialValues: BookDraft;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Every change, for the draft in browser storage. */
  onChange: (values: Partial<BookDraft>) => void;
  /** Called with valid values only, once the ISBN is known to be free. */
  onContinue: (values: BookDraft) => void;
  /** Whether the leave-to-dashboard prompt is open (Back, or the browser's back button). */
  leaving: boolean;
  onLeavingChange: (open: boolean) => void;
  /** Shown beside the form (the royalty widget), given the live values. */
  aside?: (values: Partial<BookDraft>) => ReactNode;
}

/**
 * The ISBN-in-use check of Continue (POST /user/getvalidisbn): the spec's message on the ISBN
 * field when another book carries it. When the check cannot be made the page moves on: the
 * quote checks the ISBN again under a lock and says so there.
 */
async function checkIsbn(values: BookDraft): Promise<SubmissionErrors | undefined> {
  if (values.isbnNumberNeeded || !values.isbnNumber) return undefined;
  try {
    if (!(await isIsbnFree(values.isbnNumber))) return { isbnNumber: BOOK_DETAILS_MESSAGES.isbnInUse };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { isbnNumber: BOOK_DETAILS_MESSAGES.isbnInvalid };
  }
  return undefined;
}

/** The ISBN's message: a rule's once touched, or the in-use answer of the last Continue until the ISBN changes. */
function shownIsbnError(meta: {
  touched?: boolean;
  submitFailed?: boolean;
  error?: unknown;
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean;
}): string | undefined {
  if ((meta.touched || meta.submitFailed) && typeof meta.error === 'string') return meta.error;
  if (!meta.dirtySinceLastSubmit && typeof meta.submitError === 'string') return meta.submitError;
  return undefined;
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

const validate = (values: Partial<BookDraft>) => validateForm(BookDetailsPage1, pageOneOf(values));

/** The page 1 fields of the draft: the struct refuses fields it does not know. */
function pageOneOf(values: Partial<BookDraft>): Partial<BookDetailsPage1> {
  const { title, bookFormat, author, isLocal, isInternational, genreHeading, genre } = values;
  const { isbnNumberNeeded, isbnNumber, contributors } = values;
  return {
    title,
    bookFormat,
    author,
    isLocal: isLocal === true,
    isInternational: isInternational === true,
    genreHeading,
    genre,
    isbnNumberNeeded: isbnNumberNeeded === true,
    isbnNumber,
    contributors,
  };
}

/** Picking eBook sells internationally only (spec section 4); print and audiobook leave the boxes as they are. */
function onFormatPicked(form: FormApi<BookDraft>, format: string) {
  if (format !== 'ebook') return;
  form.change('isLocal', false);
  form.change('isInternational', true);
}

/**
 * Page 1 of the book details: title, format, eBook author, sales region, genre, ISBN and a
 * contributor, checked by the shared BookDetailsPage1 struct (the server's own messages).
 * eBook forces international only; the 'I need an ISBN' toggle clears the ISBN; Back asks
 * before leaving for the dashboard.
 */
export function BookDetailsPageOne({
  initialValues,
  continueLabel,
  onChange,
  onContinue,
  leaving,
  onLeavingChange,
  aside,
}: BookDetailsPageOneProps) {
  const resources = useResourcesQuery();
  const choices = useMemo(() => genreChoices(resources.data ?? []), [resources.data]);

  return (
    <Form<BookDraft>
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values) => {
        const errors = await checkIsbn(values);
        if (errors) return errors;
        onContinue(values);
        return undefined;
      }}
      render={({ handleSubmit, form, values, submitting }) => {
        const ebook = values.bookFormat === 'ebook';
        return (
          <>
            <form className={styles.form} noValidate onSubmit={handleSubmit}>
              <FormSpy<BookDraft> subscription={{ values: true }} onChange={({ values: v }) => onChange(v)} />
              <FinalTextField name="title" label="Title" maxLength={200} autoComplete="off" />

              <ChoiceGroup legend="Format" errorOf="bookFormat">
                {FORMATS.map(([value, label]) => (
                  <ChoiceInput
                    key={value}
                    type="radio"
                    name="bookFormat"
                    value={value}
                    label={label}
                    onPick={() => onFormatPicked(form, value)}
                  />
                ))}
              </ChoiceGroup>

              {ebook ? <FinalTextField name="author" label="eBook author" autoComplete="off" maxLength={100} /> : null}

              <ChoiceGroup legend="Sales region" errorOf="isLocal">
                <ChoiceInput type="checkbox" name="isLocal" label="Local" disabled={ebook} />
                <ChoiceInput type="checkbox" name="isInternational" label="International" disabled={ebook} />
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
                  name="isbnNumberNeeded"
                  label="I need an ISBN"
                  onPick={() => form.change('isbnNumber', '')}
                />
                <Field<string> name="isbnNumber" parse={isbnDigits}>
                  {({ input, meta }) => (
                    <TextField
                      {...input}
                      label="ISBN"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={ISBN_LENGTH}
                      disabled={values.isbnNumberNeeded}
                      error={shownIsbnError(meta)}
                    />
                  )}
                </Field>
              </ChoiceGroup>

              <ContributorsField />

              <div className={styles.actions}>
                <Button type="button" variant="secondary" onClick={() => onLeavingChange(true)}>
                  Back
                </Button>
                <Button type="submit" disabled={submitting}>
                  {continueLabel}
                </Button>
              </div>
              <LeavePrompt open={leaving} onStay={() => onLeavingChange(false)} />
            </form>
            {aside?.(values)}
          </>
        );
      }}
    />
  );
}
