import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, FormSpy, useForm, useFormState } from 'react-final-form';
import {
  BOOK_DETAILS_MESSAGES as M,
  BookDetailsPage2,
  Button,
  Modal,
  toPriceConfig,
  usePricesQuery,
  useResourcesQuery,
  useVoiceArtistsQuery,
  validateForm,
  type FormErrors,
  type QuoteResource,
  type RoyaltyRegion,
} from '@pod/shared-contracts';
import { FLAG_FIELDS, type BookDraft } from './book-draft';
import { ChoiceGroup } from './choice-fields';
import { exceedsChosenTypes, extraHints, saddleStitchOverLimit, withDerivedFields } from './page-two-options';
import { ExtraCheckbox, pagesTyping, PriceField, TypedField } from './page-two-fields';
import { PrintFields } from './print-fields';
import { RecordingFields } from './recording-fields';
import styles from './book-details.module.css';

/** The draft field of each region's selling price (spec section 3). */
export const PRICE_FIELD: Record<RoyaltyRegion, 'bookPrice' | 'internationalBookPrice'> = {
  local: 'bookPrice',
  international: 'internationalBookPrice',
};

/** The negative-royalty modal's text (spec section 8). */
export const NEGATIVE_ROYALTY_TEXT =
  'Your royalty fees, based on your selected options is a negative value. Try editing book price, paper type and cover type until you get a positive royalty fee before moving on.';

/** Props of {@link BookDetailsPageTwo}. */
export interface BookDetailsPageTwoProps {
  /** The values to start from (the stored draft; its format decides the fields). */
  initialValues: BookDraft;
  /** 'Continue', or 'Next' once the stage is completed. */
  continueLabel: string;
  /** Every change (with the derived binding and voice artist name), for the draft in browser storage. */
  onChange: (values: Partial<BookDraft>) => void;
  onBack: () => void;
  /** Called with valid values whose royalty does not block. */
  onContinue: (values: BookDraft) => void;
  /** The regions whose shown royalty blocks Continue (the page reads them off the royalty widget). */
  blockedRegions: readonly RoyaltyRegion[];
  /** Shown beside the form (the royalty widget), given the live values and a way to set a price. */
  aside?: (values: Partial<BookDraft>, setPrice: (region: RoyaltyRegion, price: number) => void) => ReactNode;
}

const PAGE_TWO_FIELDS = Object.keys(BookDetailsPage2.schema);
const FLAGS: readonly string[] = FLAG_FIELDS;

/** The page 2 fields of the draft (the struct refuses fields it does not know), toggles as booleans. */
function pageTwoOf(values: Partial<BookDraft>): Record<string, unknown> {
  const source = values as Record<string, unknown>;
  return Object.fromEntries(
    PAGE_TWO_FIELDS.map((name) => [name, FLAGS.includes(name) ? source[name] === true : source[name]]),
  );
}

/** The struct's messages, and the page count over a chosen paper or cover type's maxPage. */
function validatePageTwo(values: Partial<BookDraft>, resources: readonly QuoteResource[] | undefined) {
  const errors: FormErrors = validateForm(BookDetailsPage2, pageTwoOf(values)) ?? {};
  if (!errors.numPages && values.bookFormat === 'print' && resources && exceedsChosenTypes(resources, values))
    errors.numPages = M.pagesPaper;
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * Clears a saddle-stitch cover type once the pages exceed 96 (on choosing it or on a new page
 * count) and tells the page, which opens the saddle-stitch modal.
 */
function SaddleStitchGuard({ resources, onCleared }: { resources: readonly QuoteResource[]; onCleared: () => void }) {
  const form = useForm<BookDraft>();
  const { values } = useFormState<BookDraft>({ subscription: { values: true } });
  const over = saddleStitchOverLimit(resources, values).join(' ');
  const onClearedRef = useRef(onCleared);
  onClearedRef.current = onCleared;
  useEffect(() => {
    if (!over) return;
    form.batch(() => over.split(' ').forEach((field) => form.change(field as keyof BookDraft, '')));
    onClearedRef.current();
  }, [over, form]);
  return null;
}

/**
 * Page 2 of the book details, the royalty calculator, for the draft's format: the page count
 * and the price of each region for all; print adds its options (PrintFields), an eBook heavy
 * graphics, an audiobook its recording. Checked by the shared BookDetailsPage2 struct (the
 * server's messages) and the chosen types' maxPage; a blocked royalty opens the negative-royalty
 * modal and marks the price; Saddle Stitch over 96 pages opens its modal and clears the type.
 */
export function BookDetailsPageTwo({
  initialValues,
  continueLabel,
  onChange,
  onBack,
  onContinue,
  blockedRegions,
  aside,
}: BookDetailsPageTwoProps) {
  const resources = useResourcesQuery();
  const prices = usePricesQuery();
  const artists = useVoiceArtistsQuery();
  const config = toPriceConfig(prices.data?.[0]);
  const [saddleOpen, setSaddleOpen] = useState(false);
  const [negativeOpen, setNegativeOpen] = useState(false);
  const blocked = useRef(blockedRegions);
  blocked.current = blockedRegions;
  const format = initialValues.bookFormat;
  const audiobook = format === 'audiobook';

  const derive = useCallback(
    <T extends Partial<BookDraft>>(values: T) => withDerivedFields(values, resources.data ?? [], artists.data ?? []),
    [resources.data, artists.data],
  );
  const validate = useCallback((values: BookDraft) => validatePageTwo(values, resources.data), [resources.data]);
  const failed = [resources, prices, ...(audiobook ? [artists] : [])].filter((query) => query.isError);

  return (
    <Form<BookDraft>
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => {
        if (blocked.current.length > 0) {
          setNegativeOpen(true);
          return Object.fromEntries(blocked.current.map((region) => [PRICE_FIELD[region], M.negativeRoyalty]));
        }
        onContinue(derive(values));
        return undefined;
      }}
      render={({ handleSubmit, form, values, submitting }) => (
        <>
          <form className={styles.form} noValidate onSubmit={handleSubmit}>
            <FormSpy<BookDraft> subscription={{ values: true }} onChange={({ values: v }) => onChange(derive(v))} />
            {resources.data ? (
              <SaddleStitchGuard resources={resources.data} onCleared={() => setSaddleOpen(true)} />
            ) : null}
            <TypedField name="numPages" label="Number of pages" parse={pagesTyping} />

            {format === 'print' ? (
              resources.data ? (
                <PrintFields resources={resources.data} config={config} />
              ) : resources.isPending ? (
                <p role="status">Loading the book options…</p>
              ) : null
            ) : null}

            {format === 'ebook' ? (
              <>
                <PriceField name="internationalBookPrice" />
                <ChoiceGroup legend="Extras">
                  <ExtraCheckbox name="heavyGraphics" label="Heavy graphics" hint={extraHints(config).heavyGraphics} />
                </ChoiceGroup>
              </>
            ) : null}

            {audiobook ? (
              <>
                {values.isLocal ? <PriceField name="bookPrice" /> : null}
                {values.isInternational ? <PriceField name="internationalBookPrice" /> : null}
                <RecordingFields artists={artists.data ?? []} config={config} />
              </>
            ) : null}

            {failed.length > 0 ? (
              <p role="alert" className={styles.error}>
                The book options could not be loaded.{' '}
                <Button type="button" variant="link" onClick={() => failed.forEach((query) => void query.refetch())}>
                  Retry
                </Button>
              </p>
            ) : null}

            <div className={styles.actions}>
              <Button type="button" variant="secondary" onClick={onBack}>
                Back
              </Button>
              <Button type="submit" disabled={submitting}>
                {continueLabel}
              </Button>
            </div>
          </form>

          <Modal
            open={saddleOpen}
            title="Saddle stitch binding"
            onClose={() => setSaddleOpen(false)}
            footer={<Button onClick={() => setSaddleOpen(false)}>OK</Button>}
          >
            <p>{M.saddleStitch}</p>
          </Modal>
          <Modal
            open={negativeOpen}
            title="Negative royalty"
            onClose={() => setNegativeOpen(false)}
            footer={<Button onClick={() => setNegativeOpen(false)}>OK</Button>}
          >
            <p>{NEGATIVE_ROYALTY_TEXT}</p>
          </Modal>
          {aside?.(values, (region, price) => form.change(PRICE_FIELD[region], price.toFixed(2)))}
        </>
      )}
    />
  );
}
