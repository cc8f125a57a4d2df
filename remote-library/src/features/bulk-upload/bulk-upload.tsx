import { useState } from 'react';
import { AlertBar, Button, Card, Field, ProgressBar } from '@pod/shared-contracts';
import { InvalidBookCard, ValidBookCard } from './book-cards';
import type { CsvParser } from './csv-parser';
import { DUPLICATE_UPLOAD, NO_BOOKS_DETECTED } from './csv-rows';
import { EXAMPLE_FILE, publicFileUrl, TEMPLATE_FILE } from './public-file-url';
import { useBulkUpload, type BulkUploadState } from './use-bulk-upload';
import type { BulkCalculator } from './api/bulk-calculate';
import styles from './bulk-upload.module.css';

function statusText(state: BulkUploadState): string {
  switch (state.phase) {
    case 'parsing':
      return `Reading ${state.fileName}: ${state.rowsRead} ${state.rowsRead === 1 ? 'row' : 'rows'} so far`;
    case 'calculating':
      return `Calculating prices and royalties: ${state.calculated} of ${state.toCalculate ?? 0}`;
    case 'done':
      return state.error || state.noBooks
        ? `Finished reading ${state.fileName}`
        : `Finished: ${state.valid.length} valid, ${state.invalid.length} invalid`;
    default:
      return '';
  }
}

/**
 * The bulk CSV upload: explanation and sample files, the file picker, real progress, and the
 * lists of valid (priced) and invalid rows. `parser` is injected: the route passes the Web
 * Worker one, tests a parser they drive.
 */
export function BulkUpload({ parser, calculator }: { parser: CsvParser; calculator?: BulkCalculator }) {
  const { state, progress, start, reset } = useBulkUpload(parser, calculator);
  // A new key empties the file input on Close (a file input's value cannot be set).
  const [inputKey, setInputKey] = useState(0);
  const started = state.phase !== 'idle';

  function close() {
    reset();
    setInputKey((key) => key + 1);
  }

  return (
    <>
      <Card title="How bulk upload works" titleId="bulk-upload-how" size="spacious" className={styles.intro}>
        <p>
          Upload many books at once with one CSV file: one row per book, with the 32 columns of the template in its
          header. Each valid row is priced and saved as a quote; complete each book&apos;s process from Your Books. Rows
          with other columns or without a title are listed as invalid, and books you already uploaded are skipped.
        </p>
        <ul className={styles.downloads}>
          <li>
            <a href={publicFileUrl(TEMPLATE_FILE)} download={TEMPLATE_FILE}>
              Download the CSV template
            </a>
          </li>
          <li>
            <a href={publicFileUrl(EXAMPLE_FILE)} download={EXAMPLE_FILE}>
              Download an example file
            </a>
          </li>
        </ul>
      </Card>

      <Card title="Upload your CSV" titleId="bulk-upload-file" size="spacious" className={styles.upload}>
        <Field label="CSV file" hint="A .csv file with the template's header row">
          {(control) => (
            <input
              key={inputKey}
              {...control}
              className={styles.fileInput}
              type="file"
              accept=".csv,text/csv"
              disabled={state.phase === 'parsing' || state.phase === 'calculating'}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) start(file);
              }}
            />
          )}
        </Field>
        {started ? (
          <>
            <ProgressBar label="Upload progress" value={progress} />
            <p role="status" className={styles.status}>
              {statusText(state)}
            </p>
            {state.error ? (
              <AlertBar variant="danger" title="We could not read this CSV file" message={state.error} />
            ) : null}
            {state.noBooks ? <AlertBar variant="warning" message={NO_BOOKS_DETECTED} /> : null}
            {state.duplicates > 0 ? <AlertBar variant="warning" message={DUPLICATE_UPLOAD} /> : null}
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          </>
        ) : null}
      </Card>

      {started && !state.noBooks && !state.error ? (
        <div className={styles.results}>
          <section aria-labelledby="bulk-upload-valid">
            <h2 id="bulk-upload-valid">Valid Books</h2>
            {state.valid.length > 0 ? (
              <ul className={styles.cards} aria-labelledby="bulk-upload-valid">
                {state.valid.map((book) => (
                  <li key={book.line}>
                    <ValidBookCard book={book} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.none}>{state.phase === 'done' ? 'No valid books.' : 'None yet.'}</p>
            )}
          </section>
          <section aria-labelledby="bulk-upload-invalid">
            <h2 id="bulk-upload-invalid">Invalid Books</h2>
            {state.invalid.length > 0 ? (
              <ul className={styles.cards} aria-labelledby="bulk-upload-invalid">
                {state.invalid.map((row) => (
                  <li key={row.line}>
                    <InvalidBookCard row={row} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.none}>{state.phase === 'done' ? 'No invalid books.' : 'None yet.'}</p>
            )}
          </section>
        </div>
      ) : null}
    </>
  );
}
