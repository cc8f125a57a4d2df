import { useMemo, useState } from 'react';
import { BOOK_FORMATS, useDocumentTitle, useResourcesQuery } from '@pod/shared-contracts';
import { WizardProgress } from '../components/wizard-progress';
import { readDraft } from '../lib/draft-storage';
import type { BasePath } from '../lib/stages';
import { useStageFlow } from '../lib/use-stage-flow';
import { genreChoices } from '../features/book-details/genres';
import { MetadataForm } from '../features/metadata/metadata-form';
import { readMetadataDraft, writeMetadataDraft } from '../features/metadata/metadata-draft';
import { flowName } from './flow-name';

/** The draft's format, or undefined when none (or an unknown one) is stored. */
function draftFormat() {
  const stored = readDraft<unknown>('bookFormat', null);
  return BOOK_FORMATS.find((format) => format === stored);
}

/**
 * `{base}/metadata`: Additional Details. The genre of page 1 is shown read only with its BISAC
 * code (the quote saved it with the book) and stored as `calc_bisacCode`; Continue stores the
 * metadata, marks the stage and opens confirm-bleed-cover.
 */
export function MetadataScreen({ base }: { base: BasePath }) {
  useDocumentTitle(`${flowName(base)}: Additional Details`);
  const { continueLabel, complete } = useStageFlow(base, 'metadata');
  const [initialValues] = useState(readMetadataDraft);
  const [bookFormat] = useState(draftFormat);
  const resources = useResourcesQuery();
  const genre = useMemo(() => {
    const id = String(readDraft<unknown>('genre', ''));
    return genreChoices(resources.data ?? []).find((choice) => choice.id === id) ?? null;
  }, [resources.data]);

  return (
    <>
      <h1>Additional Details</h1>
      <WizardProgress stage="metadata" />
      <MetadataForm
        initialValues={initialValues}
        bookFormat={bookFormat}
        genre={genre ? `${genre.heading} / ${genre.subCategory} (${genre.bisac})` : null}
        continueLabel={continueLabel}
        onChange={(values) => writeMetadataDraft({ ...values, bisacCode: genre?.bisac ?? values.bisacCode })}
        onContinue={(values) => {
          writeMetadataDraft({ ...values, bisacCode: genre?.bisac ?? values.bisacCode });
          complete();
        }}
      />
    </>
  );
}
