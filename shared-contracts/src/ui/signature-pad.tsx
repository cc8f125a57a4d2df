import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type SignaturePadEngine from 'signature_pad';
import { Button } from './button';
import { cx } from './class-names';
import styles from './signature-pad.module.css';

/** The pad's height in CSS pixels (new-book-wizard.md section 9). */
export const SIGNATURE_PAD_HEIGHT = 200;
/** Viewports narrower than this (CSS pixels) get the narrow pad (section 9: 'under 767 px'). */
export const SIGNATURE_PAD_BREAKPOINT = 767;

/** The pad's width in CSS pixels for a viewport `viewportWidth` wide: 350 under 767, otherwise 500. */
export function signaturePadWidth(viewportWidth: number): number {
  return viewportWidth < SIGNATURE_PAD_BREAKPOINT ? 350 : 500;
}

/** What the pad says when the drawing engine cannot start (no canvas support, the chunk failed to load). */
export const SIGNATURE_PAD_UNAVAILABLE = 'Drawing is not available in this browser. Reload the page to try again.';

/** Props of {@link SignaturePad}. */
export interface SignaturePadProps {
  /** Names the pad's group and its drawing ('Signature', 'Initials'). */
  label: string;
  /** Called after every stroke and on Clear: a PNG data URL of the drawing, or null when empty. */
  onChange: (dataUrl: string | null) => void;
  /** A PNG data URL drawn into the pad when it starts (a drawing kept from before a reload). */
  defaultValue?: string | null;
  /** Help text under the label; the default tells how to draw. */
  hint?: ReactNode;
  className?: string;
}

type Engine = SignaturePadEngine;

/** Width and height of a PNG data URL, read from its IHDR header; null for anything else. */
export function pngDataUrlSize(dataUrl: string): { width: number; height: number } | null {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return null;
  let bytes: string;
  try {
    // 8 signature bytes, then the IHDR chunk: length, type, width, height (33 bytes = 44 base64 chars).
    bytes = atob(dataUrl.slice(prefix.length, prefix.length + 44));
  } catch {
    return null;
  }
  if (bytes.length < 24 || bytes.slice(1, 4) !== 'PNG' || bytes.slice(12, 16) !== 'IHDR') return null;
  const read = (offset: number) =>
    ((bytes.charCodeAt(offset) << 24) |
      (bytes.charCodeAt(offset + 1) << 16) |
      (bytes.charCodeAt(offset + 2) << 8) |
      bytes.charCodeAt(offset + 3)) >>>
    0;
  const width = read(16);
  const height = read(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Where a kept drawing goes on a pad `padWidth` CSS pixels wide: its own proportions, as high as
 * the pad, scaled down to fit the width (a drawing made on a wide pad, kept, and shown again on
 * a narrow one is made smaller, never squeezed).
 */
export function keptDrawingSize(dataUrl: string, padWidth: number): { width: number; height: number } {
  const size = pngDataUrlSize(dataUrl);
  if (!size) return { width: padWidth, height: SIGNATURE_PAD_HEIGHT };
  const aspect = size.width / size.height;
  const width = Math.min(padWidth, SIGNATURE_PAD_HEIGHT * aspect);
  return { width, height: width / aspect };
}

/**
 * A drawing pad for a signature or initials over the `signature_pad` package, loaded on first
 * use (like PdfViewer's pdfjs-dist) so that no other page carries it. A fieldset whose legend is
 * `label` holds the canvas (role img, its name saying whether something is drawn: 'Signature,
 * empty' / 'Signature, drawn') and a 'Clear' button.
 *
 * The canvas is 350 x 200 CSS pixels under a 767 px viewport, otherwise 500 x 200, backed by
 * device pixels (devicePixelRatio) so strokes stay sharp; a resize or zoom that changes either
 * re-sizes the backing store and redraws the strokes (signature_pad's `redraw`), so nothing
 * drawn is lost. Drawing needs a pointer (mouse, pen, touch); there is no keyboard way to draw.
 */
export function SignaturePad({ label, onChange, defaultValue = null, hint, className }: SignaturePadProps) {
  const hintId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<Engine | null>(null);
  const [drawn, setDrawn] = useState(Boolean(defaultValue));
  const [failed, setFailed] = useState(false);
  // The latest callback and the first value, without restarting the engine on each render.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const defaultValueRef = useRef(defaultValue);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    let active = true;
    let pad: Engine | null = null;
    let size = { width: 0, ratio: 0 };

    /** Fits the canvas to the viewport and the pixel ratio; false when nothing changed. */
    const fit = (): boolean => {
      const width = signaturePadWidth(window.innerWidth);
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      if (width === size.width && ratio === size.ratio) return false;
      size = { width, ratio };
      // Setting the backing store's size clears it and resets the context's transform.
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(SIGNATURE_PAD_HEIGHT * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${SIGNATURE_PAD_HEIGHT}px`;
      return true;
    };
    /** Strokes are kept in CSS pixels: the context draws them at the device's scale. */
    const scaleContext = () => canvas.getContext('2d')?.scale(size.ratio, size.ratio);
    const onResize = () => {
      if (fit() && pad) {
        scaleContext();
        pad.redraw();
      }
    };
    const emit = () => {
      if (!pad) return;
      const empty = pad.isEmpty();
      setDrawn(!empty);
      onChangeRef.current(empty ? null : pad.toDataURL('image/png'));
    };

    fit();
    window.addEventListener('resize', onResize);
    void (async () => {
      try {
        const { default: SignaturePadClass } = await import('signature_pad');
        if (!active) return;
        pad = new SignaturePadClass(canvas, { penColor: '#1f2933' });
        scaleContext();
        pad.addEventListener('endStroke', emit);
        padRef.current = pad;
        const restored = defaultValueRef.current;
        if (restored) await pad.fromDataURL(restored, keptDrawingSize(restored, size.width));
      } catch {
        // An unreadable stored drawing is dropped; an engine that cannot start disables the pad.
        if (active && pad && defaultValueRef.current) {
          pad.clear();
          emit();
        } else if (active) setFailed(true);
      }
    })();
    return () => {
      active = false;
      window.removeEventListener('resize', onResize);
      pad?.removeEventListener('endStroke', emit);
      pad?.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
    onChangeRef.current(null);
  };

  return (
    <fieldset className={cx(styles.pad, className)}>
      <legend className={styles.label}>{label}</legend>
      <p className={styles.hint} id={hintId}>
        {hint ?? 'Draw in the box with your mouse, finger or pen.'}
      </p>
      <div className={styles.frame}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          role="img"
          aria-label={`${label}, ${drawn ? 'drawn' : 'empty'}`}
          aria-describedby={hintId}
          width={500}
          height={SIGNATURE_PAD_HEIGHT}
        />
      </div>
      {failed ? (
        <p role="alert" className={styles.error}>
          {SIGNATURE_PAD_UNAVAILABLE}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={clear} disabled={failed}>
          Clear
        </Button>
      </div>
    </fieldset>
  );
}
