import { useId, useState, type FormEvent } from 'react';
import {
  AlertBar,
  Button,
  Card,
  Modal,
  PdfViewer,
  SignaturePad,
  TextField,
  useCurrentUser,
  type User,
} from '@pod/shared-contracts';
import { pdfjsRenderer } from '@pod/shared-contracts/pdfjs';
import { AddressField } from './address-autocomplete';
import { readContractDraft, readSigningDraft, writeSigningDraft, type SigningDraft } from './contract-draft';
import { toSignedContractPayload } from './contract-payload';
import { viewContract } from './api/view-contract';
import { SIGNING_MESSAGES } from './messages';
import { useSignContract, type SigningPass } from './use-sign-contract';
import styles from './signing.module.css';

/** The signatory's name as the session knows it ('Thandi Zulu'), '' when unknown. */
function fullName(user: User | null): string {
  if (!user) return '';
  const first = user.name_first || user.firstname || '';
  const last = user.name_last || user.lastname || '';
  return `${first} ${last}`.trim();
}

/** Props of {@link AcceptTermsForm}. */
export interface AcceptTermsFormProps {
  /** 'second' once accept-terms is completed: the appendix is signed instead. */
  pass: SigningPass;
  /** 'Continue', or 'Next' on a completed stage. */
  continueLabel: string;
  /** After a successful submission: record the stage and move on. */
  onSigned: () => void;
}

/**
 * The Accept Terms and Sign form: the contract (opened in the PDF viewer), 'I accept the terms
 * and conditions', the signed place, the print name and the Signature and Initials pads. Every
 * change is kept in the draft. Continue is disabled until the terms are accepted; without a
 * signed place, a signature and initials it opens the missing-sign-data modal; otherwise it
 * sends the signed-contract payload (see useSignContract).
 */
export function AcceptTermsForm({ pass, continueLabel, onSigned }: AcceptTermsFormProps) {
  const user = useCurrentUser();
  const termsId = useId();
  const [contract] = useState(readContractDraft);
  const [initial] = useState(readSigningDraft);
  const [acceptTerms, setAcceptTerms] = useState(initial.acceptTerms);
  const [signedPlace, setSignedPlace] = useState(initial.signedPlace);
  const [printName, setPrintName] = useState(() => initial.printName ?? fullName(user));
  const [signature, setSignature] = useState(initial.signature);
  const [initials, setInitials] = useState(initial.initials);
  const [placeChecked, setPlaceChecked] = useState(false);
  const [missingOpen, setMissingOpen] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(false);
  const { submit, submitting, failed } = useSignContract(pass, onSigned);

  /** Sets a field and keeps it in the draft. */
  const keep =
    <K extends keyof SigningDraft>(name: K, set: (value: SigningDraft[K]) => void) =>
    (value: SigningDraft[K]) => {
      set(value);
      writeSigningDraft(name, value);
    };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!acceptTerms || submitting) return;
    setPlaceChecked(true);
    // The place, the signature and the initials are all required (spec section 4), although
    // the modal's words say "or": the contract carries both images (README, Decisions).
    if (signedPlace.trim() === '' || !signature || !initials) {
      setMissingOpen(true);
      return;
    }
    void submit(toSignedContractPayload(contract, { signature, initials, signedPlace, printName }));
  };

  return (
    <>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <Card title="Your contract" className={styles.contract}>
          <p>
            The contract is filled in with your publisher and bank details and this book&apos;s details. Read it before
            you accept its terms and sign.
          </p>
          <Button variant="secondary" onClick={() => setViewerOpen(true)}>
            View contract
          </Button>
        </Card>

        <div className={styles.option}>
          <input
            id={termsId}
            type="checkbox"
            checked={acceptTerms}
            onChange={(event) => keep('acceptTerms', setAcceptTerms)(event.target.checked)}
          />
          <label htmlFor={termsId}>I accept the terms and conditions</label>
        </div>

        <AddressField
          label="Signed place"
          hint="The town or city where you sign."
          value={signedPlace}
          onChange={keep('signedPlace', setSignedPlace)}
          error={placeChecked && signedPlace.trim() === '' ? SIGNING_MESSAGES.signedPlaceRequired : null}
        />
        <TextField
          label="Print name"
          hint="Your name as it is printed under your signature."
          value={printName}
          autoComplete="name"
          onChange={(event) => {
            setPrintName(event.target.value);
            writeSigningDraft('printName', event.target.value);
          }}
        />

        <div className={styles.pads}>
          <SignaturePad label="Signature" defaultValue={initial.signature} onChange={keep('signature', setSignature)} />
          <SignaturePad label="Initials" defaultValue={initial.initials} onChange={keep('initials', setInitials)} />
        </div>

        {failed ? <AlertBar variant="danger" message={SIGNING_MESSAGES.submissionFailed} /> : null}

        <div className={styles.actions}>
          <Button type="submit" disabled={!acceptTerms} busy={submitting}>
            {continueLabel}
          </Button>
        </div>
      </form>

      <Modal
        open={missingOpen}
        title="Before you continue"
        onClose={() => setMissingOpen(false)}
        footer={<Button onClick={() => setMissingOpen(false)}>OK</Button>}
      >
        <p>{SIGNING_MESSAGES.missingSignData}</p>
      </Modal>
      <PdfViewer
        open={viewerOpen}
        title="Contract"
        fileName="contract.pdf"
        load={() => viewContract(contract)}
        errorMessage={SIGNING_MESSAGES.contractFetchFailed}
        onClose={() => setViewerOpen(false)}
        renderer={pdfjsRenderer}
      />
    </>
  );
}
