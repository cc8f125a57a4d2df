import { useId, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import {
  alertMessage,
  Button,
  CHAT_IMAGE_ACCEPT,
  chatImageFailure,
  chatImageMediaType,
  cx,
  Field,
  fieldControlClassName,
  isQueuedOffline,
  MAX_CHAT_MESSAGE_LENGTH,
} from '@pod/shared-contracts';
import { useSendChatMessage } from './api/send-chat-message';
import { readDataUrl } from './read-data-url';
import styles from './chat-panel.module.css';

interface ChosenImage {
  file: File;
  mediaType: string;
}

/**
 * The compose form: 'Message', 'Attach image' and 'Send'. A file is checked as soon as it is
 * chosen (type by extension, at most 1 MB: the API's rule and words), so a refused one is never
 * sent. 'Send' is disabled with neither text nor image, and while sending; a sent message
 * clears the form and refreshes the chat (the mutation invalidates it). A failure keeps the draft.
 */
export function MessageForm({ messageRef }: { messageRef: RefObject<HTMLTextAreaElement | null> }) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<ChosenImage | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [sendError, setSendError] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileErrorId = useId();
  const send = useSendChatMessage();
  const sending = reading || send.isPending;
  const empty = text.trim() === '' && image === null;

  const clearFileInput = () => {
    if (fileRef.current) fileRef.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setFileError(undefined);
    setImage(null);
    if (!file) return;
    const failure = chatImageFailure(file);
    const mediaType = chatImageMediaType(file.name);
    if (failure || !mediaType) {
      setFileError(failure);
      clearFileInput();
      return;
    }
    setImage({ file, mediaType });
  };

  const removeImage = () => {
    setImage(null);
    clearFileInput();
    fileRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || sending) return;
    setSendError(undefined);
    setReading(true);
    try {
      const imageData = image ? await readDataUrl(image.file, image.mediaType) : null;
      setReading(false);
      await send.mutateAsync({ message: text.trim(), imageData }).catch((error: unknown) => {
        // Queued offline: it will be sent when the connection is back, like a message sent now.
        if (!isQueuedOffline(error)) throw error;
      });
      setText('');
      setImage(null);
      clearFileInput();
      messageRef.current?.focus();
    } catch (error) {
      setSendError(alertMessage(error));
    } finally {
      setReading(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Message" hint="Enter sends; Shift+Enter starts a new line.">
        {(control) => (
          <textarea
            {...control}
            ref={messageRef}
            className={fieldControlClassName}
            rows={3}
            maxLength={MAX_CHAT_MESSAGE_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // As in every chat: Enter sends, Shift+Enter is a line break. Not while an input
              // method is composing (its Enter confirms the characters).
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              void submit(event);
            }}
          />
        )}
      </Field>
      <Field label="Attach image" hint="An .svg, .png, .jpg, .jpeg or .jfif image of up to 1 MB.">
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            type="file"
            accept={CHAT_IMAGE_ACCEPT}
            onChange={choose}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={cx(control['aria-describedby'], fileError && fileErrorId) || undefined}
          />
        )}
      </Field>
      {/* An alert, not only a description: the refusal is announced when the file picker closes. */}
      {fileError ? (
        <p className={styles.error} id={fileErrorId} role="alert">
          {fileError}
        </p>
      ) : null}
      {image ? (
        <p className={styles.attached}>
          Attached: {image.file.name}{' '}
          <Button variant="link" onClick={removeImage}>
            Remove image
          </Button>
        </p>
      ) : null}
      {sendError ? (
        <p className={styles.error} role="alert">
          {sendError}
        </p>
      ) : null}
      <Button type="submit" disabled={empty} busy={sending}>
        Send
      </Button>
    </form>
  );
}
