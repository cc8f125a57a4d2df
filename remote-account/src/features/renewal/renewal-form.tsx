import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  Field,
  fieldControlClassName,
  PdfPreview,
  PdfViewer,
  SignaturePad,
  TextField,
  type RenewalBook,
} from '@pod/shared-contracts';
import { usePdfRenderer } from '../../components/pdf-renderer';
import { contractBytes } from './contract-bytes';
import { RENEWAL_MESSAGES } from './messages';
import { bookKey } from './preselection';
import { useResignContract } from './use-resign-contract';
import styles from './renewal.module.css';

/** Props of {@link RenewalForm}. */
export interface RenewalFormProps {
  /** The books to re-sign (GET /user/booksrenewal), never empty here. */
  books: readonly RenewalBook[];
  /** The book chosen when the form opens ('' for none): the /resign-contract link's book. */
  initialKey: string;
}

/** A file name for a book's contract: `contract-<title>.pdf`, letters, digits and dashes only. */
function contractFileName(title: string): string {
  const part = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `contract-${part || 'book'}.pdf`;
}

/**
 * The re-sign form (spec: Screens 'Renewal / resign contract', sections 4 and 5): 'Renewal Books'
 * lists the books to re-sign; the chosen book's new contract is shown under 'Contract preview'
 * and opens in the PDF viewer from 'Terms & Conditions'; 'I accept the Terms & Conditions' is
 * disabled until a book is chosen (and unticked when another is chosen: each contract is
 * accepted for itself); 'Signed place', the 'Signature' and 'Initials' pads; 'Submit' is
 * disabled without accepted terms and a signature, and names a missing place or initials
 * beside them. A success clears the form (the list reloads through the invalidation).
 */
export function RenewalForm({ books, initialKey }: RenewalFormProps) {
  const pdfRenderer = usePdfRenderer();
  const termsId = useId();
  const termsHintId = useId();
  const placeRef = useRef<HTMLInputElement>(null);
  const [selectedKey, setSelectedKey] = useState(initialKey);
  const [accepted, setAccepted] = useState(false);
  const [place, setPlace] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [initials, setInitials] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  // The pads keep their drawing themselves: a new key after a success gives empty ones.
  const [padsKey, setPadsKey] = useState(0);
  const [termsOpen, setTermsOpen] = useState(false);
  const { submit, submitting } = useResignContract();

  // A book that left the list on a reload (re-signed elsewhere) is no longer chosen.
  const book = books.find((candidate) => bookKey(candidate) === selectedKey) ?? null;
  const placeMissing = checked && place.trim() === '';
  const initialsMissing = checked && !initials;

  const choose = (key: string) => {
    setSelectedKey(key);
    setAccepted(false);
    setTermsOpen(false);
  };

  const clear = () => {
    setSelectedKey('');
    setAccepted(false);
    setPlace('');
    setSignature(null);
    setInitials(null);
    setChecked(false);
    setPadsKey((key) => key + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!book || !accepted || !signature || submitting) return;
    setChecked(true);
    // Spec section 5: a book, signature, initials and signed place are all needed.
    if (place.trim() === '') {
      placeRef.current?.focus();
      return;
    }
    if (!initials) return;
    const signed = await submit(book, { filedata: signature, initial_base64: initials, signedPlace: place.trim() });
    if (signed) clear();
  };

  return (
    <>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field label="Renewal Books" className={styles.select}>
          {(control) => (
            <select
              {...control}
              className={fieldControlClassName}
              value={book ? selectedKey : ''}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="">Choose a book</option>
              {books.map((candidate) => (
                <option key={bookKey(candidate)} value={bookKey(candidate)}>
                  {candidate.book_title}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Card title="Contract preview">
          {book ? (
            <PdfPreview
              key={selectedKey}
              title={`Contract for ${book.book_title}`}
              fileName={contractFileName(book.book_title)}
              load={() => contractBytes(book.contract)}
              errorMessage={RENEWAL_MESSAGES.contractUnavailable}
              renderer={pdfRenderer}
            />
          ) : (
            <p className={styles.prompt}>Choose a book to see its new contract.</p>
          )}
        </Card>

        <div className={styles.terms}>
          <div className={styles.option}>
            <input
              id={termsId}
              type="checkbox"
              checked={accepted}
              disabled={!book}
              aria-describedby={book ? undefined : termsHintId}
              onChange={(event) => setAccepted(event.target.checked)}
            />
            <label htmlFor={termsId}>I accept the Terms &amp; Conditions</label>
          </div>
          <Button variant="link" disabled={!book} onClick={() => setTermsOpen(true)}>
            Terms &amp; Conditions
          </Button>
          {book ? null : (
            <p id={termsHintId} className={styles.prompt}>
              Choose a book first.
            </p>
          )}
        </div>

        <TextField
          ref={placeRef}
          label="Signed place"
          hint="The town or city where you sign."
          autoComplete="address-level2"
          value={place}
          error={placeMissing ? RENEWAL_MESSAGES.signedPlaceRequired : null}
          onChange={(event) => setPlace(event.target.value)}
        />

        <div className={styles.pads} key={padsKey}>
          <SignaturePad label="Signature" onChange={setSignature} />
          <SignaturePad
            label="Initials"
            onChange={setInitials}
            hint={
              initialsMissing ? <span className={styles.error}>{RENEWAL_MESSAGES.initialsRequired}</span> : undefined
            }
          />
        </div>

        <div className={styles.actions}>
          <Button type="submit" disabled={!accepted || !signature} busy={submitting}>
            Submit
          </Button>
        </div>
      </form>

      <PdfViewer
        open={termsOpen && book !== null}
        title="Terms & Conditions"
        fileName={book ? contractFileName(book.book_title) : 'contract.pdf'}
        load={() => contractBytes(book?.contract)}
        errorMessage={RENEWAL_MESSAGES.contractUnavailable}
        renderer={pdfRenderer}
        onClose={() => setTermsOpen(false)}
      />
    </>
  );
}
