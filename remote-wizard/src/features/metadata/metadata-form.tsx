import { useState, type FormEvent } from 'react';
import { Form, FormSpy } from 'react-final-form';
import {
  AUDIENCE_WARNINGS,
  BookMetadata,
  Button,
  LANGUAGES,
  languageLabel,
  MAIN_DESCRIPTION_MAX_WORDS,
  METADATA_FIELD_ORDER,
  RECOMMENDED_AUDIENCES,
  SHORT_DESCRIPTION_MAX_WORDS,
  validateForm,
  type FormErrors,
} from '@pod/shared-contracts';
import { FinalTextField } from '@pod/shared-contracts/final-fields';
import { ContributorsList } from './contributors-list';
import { DescriptionField, fieldId, MetadataDateField, SelectField } from './form-fields';
import { KeywordsField } from './keywords-field';
import { LeaveToDashboard } from './leave-to-dashboard';
import type { MetadataValues } from './metadata-draft';
import styles from './metadata.module.css';

/** Props of {@link MetadataForm}. */
export interface MetadataFormProps {
  /** The stored draft's metadata. */
  initialValues: MetadataValues;
  /** The draft's format: the author is asked of print books only. */
  bookFormat: 'print' | 'ebook' | 'audiobook' | undefined;
  /** The genre chosen on page 1 with its BISAC code, shown read only; null while unknown. */
  genre: string | null;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Every change, for the draft in browser storage. */
  onChange: (values: Partial<MetadataValues>) => void;
  /** Called with valid values only. */
  onContinue: (values: MetadataValues) => void;
}

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: languageLabel(value) }));
const AUDIENCE_OPTIONS = RECOMMENDED_AUDIENCES.map((value) => ({ value, label: value }));
const WARNING_OPTIONS = AUDIENCE_WARNINGS.map(({ code, label }) => ({ value: code, label: `${code} ${label}` }));

/** The field to focus for a failing name (a list's failure names its first part). */
function firstFailing(errors: FormErrors | undefined): string | undefined {
  if (!errors) return undefined;
  return METADATA_FIELD_ORDER.find((name) => errors[name] !== undefined);
}

/**
 * Additional Details (spec sections 2 and 5): author (print only), contributors, keywords, the
 * dates, language, subtitle, the three descriptions with their word counters, copyright and
 * audience. Continue checks everything with the shared `BookMetadata` rules and focuses the first
 * failing field; Back asks before leaving for the dashboard.
 */
export function MetadataForm({
  initialValues,
  bookFormat,
  genre,
  continueLabel,
  onChange,
  onContinue,
}: MetadataFormProps) {
  const [leaving, setLeaving] = useState(false);
  const print = bookFormat === 'print';
  return (
    <Form<MetadataValues>
      initialValues={initialValues}
      // Each field subscribes to its own state: a keystroke re-renders that field, not the form.
      subscription={{}}
      validate={(values) => validateForm(BookMetadata, { ...values, bookFormat })}
      onSubmit={onContinue}
      render={({ handleSubmit, form }) => {
        const submit = (event: FormEvent<HTMLFormElement>) => {
          void handleSubmit(event);
          const state = form.getState();
          if (!state.hasValidationErrors) return;
          const name = firstFailing(state.errors as FormErrors | undefined);
          if (name) document.getElementById(fieldId(name))?.focus();
        };
        return (
          <form className={styles.form} noValidate onSubmit={submit}>
            <FormSpy<MetadataValues> subscription={{ values: true }} onChange={({ values }) => onChange(values)} />
            <FinalTextField id={fieldId('subtitle')} name="subtitle" label="Subtitle (optional)" maxLength={200} />
            {print ? (
              <FinalTextField id={fieldId('author')} name="author" label="Author" autoComplete="off" maxLength={100} />
            ) : null}
            <ContributorsList />
            {genre ? (
              <p className={styles.readonly}>
                <strong>Genre:</strong> {genre}
              </p>
            ) : null}
            <KeywordsField />
            <MetadataDateField name="publicationDate" label="Publication date" />
            <MetadataDateField name="onSaleDate" label="On-sale date (optional)" />
            <SelectField name="language" label="Language" options={LANGUAGE_OPTIONS} />
            <DescriptionField
              name="shortDescription"
              label="Short description (optional)"
              hint="A short description of 150-200 words."
              maxWords={SHORT_DESCRIPTION_MAX_WORDS}
            />
            <DescriptionField
              name="mainDescription"
              label="Main description"
              hint="The main description of 200-512 words."
              maxWords={MAIN_DESCRIPTION_MAX_WORDS}
            />
            <DescriptionField
              name="longDescription"
              label="Long description (optional)"
              hint="A long description of 512-4000 words."
            />
            <FinalTextField
              id={fieldId('copyrightHolder')}
              name="copyrightHolder"
              label="Copyright holder"
              autoComplete="off"
              maxLength={100}
            />
            <MetadataDateField name="copyrightDate" label="Copyright date" />
            <SelectField name="recommendedAudience" label="Recommended audience" options={AUDIENCE_OPTIONS} />
            <SelectField name="indicatedAudienceWarning" label="Indicated audience warning" options={WARNING_OPTIONS} />
            <div className={styles.actions}>
              <Button type="button" variant="secondary" onClick={() => setLeaving(true)}>
                Back
              </Button>
              <Button type="submit">{continueLabel}</Button>
            </div>
            <LeaveToDashboard open={leaving} onStay={() => setLeaving(false)} />
          </form>
        );
      }}
    />
  );
}
