import { fireEvent } from '@testing-library/react';

/**
 * What the fake engine returns for a drawing: a data URL naming the pad's canvas and the
 * number of strokes, so a test can tell the signature's image from the initials'.
 */
export function fakeSignatureDataUrl(label: string, strokes = 1): string {
  return `data:image/png;base64,${btoa(`fake ${label} ${strokes}`)}`;
}

/** The label SignaturePad gives its canvas, without the ', empty' / ', drawn' state. */
function padLabel(canvas: HTMLCanvasElement): string {
  return (canvas.getAttribute('aria-label') ?? '').replace(/, (empty|drawn)$/, '');
}

/**
 * A stand-in for the `signature_pad` engine: jsdom has no canvas to draw on. A stroke is a
 * pointerdown and pointerup on its canvas (see {@link drawOnPad}); it keeps the engine's
 * contract: `endStroke` after each stroke, `isEmpty`, `clear`, `toDataURL`, `fromDataURL`.
 */
export class FakeSignaturePadEngine extends EventTarget {
  /** Every engine created, newest last. */
  static instances: FakeSignaturePadEngine[] = [];
  /** The data URL restored with fromDataURL, if any, and where it was drawn. */
  restored: string | null = null;
  restoredOptions: Record<string, unknown> | undefined;
  strokes = 0;
  redraws = 0;

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
    canvas.addEventListener('pointerup', this.stroke);
    FakeSignaturePadEngine.instances.push(this);
  }

  private readonly stroke = () => {
    this.strokes += 1;
    this.dispatchEvent(new CustomEvent('endStroke'));
  };

  isEmpty(): boolean {
    return this.strokes === 0 && this.restored === null;
  }

  clear(): void {
    this.strokes = 0;
    this.restored = null;
  }

  redraw(): void {
    this.redraws += 1;
  }

  toDataURL(): string {
    if (this.isEmpty()) return 'data:,';
    return this.strokes === 0 && this.restored
      ? this.restored
      : fakeSignatureDataUrl(padLabel(this.canvas), this.strokes);
  }

  fromDataURL(dataUrl: string, options?: Record<string, unknown>): Promise<void> {
    if (!dataUrl.startsWith('data:image/')) return Promise.reject(new Error('not an image'));
    this.restored = dataUrl;
    this.restoredOptions = options;
    return Promise.resolve();
  }

  on(): void {}

  off(): void {
    this.canvas.removeEventListener('pointerup', this.stroke);
  }
}

/**
 * Makes SignaturePad use {@link FakeSignaturePadEngine}: call it at the top of a test file,
 * before any pad is rendered (the pad imports its engine when it first mounts). The mock is
 * registered from here, inside shared-contracts, because that is where `signature_pad`
 * resolves; a remote's own `jest.mock('signature_pad')` could not find the package. It also
 * makes the canvas's getContext answer null quietly instead of jsdom's 'not implemented' error.
 */
export function installFakeSignaturePad(): void {
  jest.mock('signature_pad', () => ({ __esModule: true, default: FakeSignaturePadEngine }));
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
}

/** One stroke on a pad's canvas, as the fake engine understands it. */
export function drawOnPad(canvas: HTMLElement): void {
  fireEvent.pointerDown(canvas);
  fireEvent.pointerUp(canvas);
}
