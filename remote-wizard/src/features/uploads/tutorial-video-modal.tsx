import { useId } from 'react';
import { Button, Modal } from '@pod/shared-contracts';
import styles from './uploads.module.css';

// Emitted by webpack as assets of this remote (hashed names beside its scripts).
const VIDEO_URL = new URL('./assets/thumbnail-tutorial.webm', import.meta.url).href;
const CAPTIONS_URL = new URL('./assets/thumbnail-tutorial.vtt', import.meta.url).href;

/** The thumbnail tutorial (spec: a tutorial video modal shown from the thumbnail section), with English captions. */
export function TutorialVideoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const summaryId = useId();
  return (
    <Modal
      open={open}
      title="Thumbnail tutorial"
      onClose={onClose}
      footer={
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      }
    >
      <video className={styles.video} controls preload="metadata" src={VIDEO_URL} aria-describedby={summaryId}>
        <track kind="captions" src={CAPTIONS_URL} srcLang="en" label="English" default />
      </video>
      <p id={summaryId}>
        What a thumbnail is, why it must be a JPG or JPEG file, the size each format needs (print 1000 x 1000 px, eBook
        1600 x 2500 px, audiobook 3000 x 3000 px) and why 300 dpi.
      </p>
    </Modal>
  );
}
