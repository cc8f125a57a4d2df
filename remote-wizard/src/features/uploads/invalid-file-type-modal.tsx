import { Button, Modal } from '@pod/shared-contracts';
import { INVALID_FILE_TYPE, typeList } from './file-rules';

/** A refused file: which input, and what it takes. */
export interface RefusedFile {
  /** 'cover file', 'book file', 'audio files'. */
  what: string;
  types: readonly string[];
  /** Several files ('audio files'): the sentence speaks of files. */
  plural?: boolean;
  /** An eBook without conversion: point to 'Conversion needed'. */
  suggestConversion?: boolean;
}

/**
 * The 'Invalid File Type' modal of spec section 5: what the input takes and, for an eBook whose
 * conversion was not requested, how to upload a .pdf, .docx or .indd instead.
 */
export function InvalidFileTypeModal({ refused, onClose }: { refused: RefusedFile | null; onClose: () => void }) {
  return (
    <Modal
      open={refused !== null}
      title={INVALID_FILE_TYPE}
      onClose={onClose}
      footer={
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      }
    >
      {refused ? (
        <>
          <p>
            {refused.plural
              ? `The ${refused.what} must be ${typeList(refused.types)} files. Please choose other files.`
              : `The ${refused.what} must be a ${typeList(refused.types)} file. Please choose another file.`}
          </p>
          {refused.suggestConversion ? (
            <p>
              Is your eBook a .pdf, .docx or .indd file? Go back to Cover Requirements and choose &apos;Conversion
              needed&apos; (Conversion to .epub): we convert it to .epub for you, and you can then upload it here.
            </p>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
