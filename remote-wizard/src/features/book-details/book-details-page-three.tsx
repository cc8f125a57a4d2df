import { useId } from 'react';
import {
  AlertBar,
  Button,
  Card,
  DetailsList,
  QueryState,
  formatRand,
  formatUsd,
  type DetailsItem,
  type QueryStateProps,
  type QuoteResource,
} from '@pod/shared-contracts';
import type { BookDraft } from './book-draft';
import type { QuoteRequest } from './quote-body';
import { specificationItems } from './specification-summary';
import { QUOTE_FAILED_MESSAGE, QUOTE_ISBN_IN_USE_MESSAGE, useSubmitQuote, type QuoteFailure } from './use-submit-quote';
import styles from './book-details.module.css';

/** The browser's royalty estimate of the quote: none yet, the page limit (B12), or the figures. */
export type RoyaltyFigures =
  | { kind: 'none' }
  | { kind: 'pageLimit'; message: string }
  | { kind: 'figures'; local: number | null; international: number | null };

/** What the royalty widget shows without figures. */
const NOT_ENOUGH_INFO = 'Not enough info';

function royaltyItems(body: QuoteRequest, royalties: RoyaltyFigures): DetailsItem[] {
  const shown = (amount: number | null | undefined, format: (value: number) => string) => {
    if (royalties.kind === 'pageLimit') return royalties.message;
    return typeof amount === 'number' ? format(amount) : NOT_ENOUGH_INFO;
  };
  const figures = royalties.kind === 'figures' ? royalties : null;
  const items: DetailsItem[] = [];
  if (body.is_local) items.push({ label: 'Local', value: shown(figures?.local, formatRand) });
  if (body.is_international) items.push({ label: 'International', value: shown(figures?.international, formatUsd) });
  return items;
}

function QuoteAlert({ failure }: { failure: QuoteFailure }) {
  if (failure.kind === 'isbnInUse') return <AlertBar variant="danger" message={QUOTE_ISBN_IN_USE_MESSAGE} />;
  if (failure.detail) return <AlertBar variant="danger" title={QUOTE_FAILED_MESSAGE} message={failure.detail} />;
  return <AlertBar variant="danger" message={QUOTE_FAILED_MESSAGE} />;
}

/** Props of {@link BookDetailsPageThree}. */
export interface BookDetailsPageThreeProps {
  /** The draft's quote is saved already (its book ids are stored): Confirm would save a second book. */
  quoteSaved?: boolean;
  /** With a saved quote, 'Next' goes on to publisher-info. */
  onNext?: () => void;
  draft: BookDraft;
  /** GET /user/quoteinfo: the option names of the summary. */
  resources: QueryStateProps<QuoteResource[]>['query'];
  /** The quote body of the draft (null until the options are loaded): what the summary shows and Confirm sends. */
  body: QuoteRequest | null;
  royalties: RoyaltyFigures;
  onBack: () => void;
  /** Runs once the quote is saved and stored in the draft. */
  onSaved: () => void;
}

/**
 * Book details, page 3: the specification to confirm, the estimated royalties, and Confirm,
 * which saves the quote (POST /user/getquote). The spec's alerts show here: the ISBN in use, or
 * 'Something went wrong' (with the server's reason when it refused a value).
 */
export function BookDetailsPageThree({
  draft,
  body,
  resources,
  royalties,
  onBack,
  onSaved,
  quoteSaved = false,
  onNext,
}: BookDetailsPageThreeProps) {
  const { submit, submitting, failure } = useSubmitQuote(onSaved);
  const royaltiesHeading = useId();
  return (
    <div className={styles.form}>
      <Card title="Confirm specifications" size="spacious">
        <QueryState query={resources} loadingLabel="Loading the book's specifications">
          {(options) =>
            body ? (
              <>
                <DetailsList items={specificationItems(draft, body, options)} />
                <section aria-labelledby={royaltiesHeading}>
                  <h3 id={royaltiesHeading}>Estimated royalties</h3>
                  <DetailsList items={royaltyItems(body, royalties)} />
                  <p>The final royalties are calculated when you confirm.</p>
                </section>
              </>
            ) : null
          }
        </QueryState>
      </Card>
      {failure ? <QuoteAlert failure={failure} /> : null}
      {quoteSaved ? (
        <>
          <p role="status">
            The quote for this book is saved and its specifications are final. To change them, start a new book.
          </p>
          <div className={styles.actions}>
            <span />
            <Button onClick={onNext}>Next</Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onBack} disabled={submitting}>
            Back
          </Button>
          <Button onClick={() => (body ? void submit(body) : undefined)} busy={submitting} disabled={!body}>
            Confirm
          </Button>
        </div>
      )}
    </div>
  );
}
