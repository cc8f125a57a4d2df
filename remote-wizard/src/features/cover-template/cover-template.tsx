import { useState } from 'react';
import { Button } from '@pod/shared-contracts';
import { getCoverTemplate, type BookIds, type CoverSpec, type TemplateType } from './api/cover-template';
import { saveFile } from './save-file';
import { useCoverSpec } from './use-cover-spec';
import styles from './cover-template.module.css';

/** Spine text is allowed from this page count up (portal.yaml CoverSpec). */
export const SPINE_TEXT_MIN_PAGES = 79;
export const COVER_SPEC_LOADING = 'Working out your cover size...';
export const COVER_SPEC_FAILED = 'We could not work out your cover size just now.';
export const SPINE_TEXT_ALLOWED = 'Spine text is allowed';
export const SPINE_TEXT_TOO_THIN = `Your book is too thin for spine text (from ${SPINE_TEXT_MIN_PAGES} pages)`;
export const SPINE_TEXT_NO_SPINE = 'This binding has no spine, so there is no spine text';
export const TEMPLATE_DOWNLOAD_FAILED = 'The cover template could not be downloaded. Please try again.';

/** Props of {@link CoverTemplate}: the upload's records. */
export type CoverTemplateProps = BookIds;

/** Millimetres as the screen shows them: at most one decimal, no trailing zero (17.2, 240). */
export const formatMm = (mm: number) => String(Math.round(mm * 10) / 10);

function spineTextLine(spec: CoverSpec): string {
  if (spec.spineWidthMm === 0) return SPINE_TEXT_NO_SPINE;
  return spec.spineTextAllowed ? SPINE_TEXT_ALLOWED : SPINE_TEXT_TOO_THIN;
}

/**
 * The cover section's template (GET /user/coverspec): 'Spine width: 17.2 mm', the full cover size
 * with bleed, whether spine text is allowed, and 'Download cover template (PDF)' / '(PNG)' which
 * fetch the template with the session's token and save it.
 */
export function CoverTemplate({ localBookId, internationalBookId }: CoverTemplateProps) {
  const cover = useCoverSpec({ localBookId, internationalBookId });
  const [downloading, setDownloading] = useState<TemplateType | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);

  async function download(type: TemplateType) {
    if (downloading) return;
    setDownloading(type);
    setDownloadFailed(false);
    try {
      const { blob, fileName } = await getCoverTemplate({ localBookId, internationalBookId }, type);
      saveFile(blob, fileName);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(null);
    }
  }

  if (cover.status === 'loading') {
    return (
      <p role="status" className={styles.note}>
        {COVER_SPEC_LOADING}
      </p>
    );
  }
  if (cover.status === 'failed') {
    return (
      <div role="alert" className={styles.failed}>
        <p className={styles.line}>{COVER_SPEC_FAILED}</p>
        <Button variant="secondary" onClick={cover.retry}>
          Try again
        </Button>
      </div>
    );
  }
  const { spec } = cover;
  return (
    <section aria-label="Cover template" className={styles.template}>
      <ul className={styles.facts}>
        <li>Spine width: {formatMm(spec.spineWidthMm)} mm</li>
        <li>
          Full cover size: {formatMm(spec.coverWidthMm)} x {formatMm(spec.coverHeightMm)} mm (with{' '}
          {formatMm(spec.bleedMm)} mm bleed on every side)
        </li>
        <li>{spineTextLine(spec)}</li>
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={downloading !== null} onClick={() => void download('pdf')}>
          Download cover template (PDF)
        </Button>
        <Button variant="secondary" disabled={downloading !== null} onClick={() => void download('png')}>
          Download cover template (PNG)
        </Button>
      </div>
      {downloadFailed ? (
        <p role="alert" className={styles.error}>
          {TEMPLATE_DOWNLOAD_FAILED}
        </p>
      ) : null}
    </section>
  );
}
