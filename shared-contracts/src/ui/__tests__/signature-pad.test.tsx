import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  keptDrawingSize,
  pngDataUrlSize,
  SignaturePad,
  signaturePadWidth,
  SIGNATURE_PAD_UNAVAILABLE,
} from '../signature-pad';
import { drawOnPad, fakeSignatureDataUrl, FakeSignaturePadEngine } from '../../testing/signature-pad';

/** Set by a test to make the next engine fail to start (a browser without canvas support). */
let mockEngineFails = false;

jest.mock('signature_pad', () => {
  const { FakeSignaturePadEngine: Fake } =
    jest.requireActual<typeof import('../../testing/signature-pad')>('../../testing/signature-pad');
  class Engine extends Fake {
    constructor(canvas: HTMLCanvasElement, options?: Record<string, unknown>) {
      if (mockEngineFails) throw new Error('no 2d context');
      super(canvas, options);
    }
  }
  return { __esModule: true, default: Engine };
});

/** The header of a 1000 x 400 PNG (a 500 x 200 pad at device pixel ratio 2). */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA+gAAAGQCAYAAAAAAAAA';

function setViewport(width: number, ratio = 1) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: ratio });
}

const scale = jest.fn();

beforeEach(() => {
  mockEngineFails = false;
  FakeSignaturePadEngine.instances = [];
  scale.mockClear();
  setViewport(1024, 1);
  HTMLCanvasElement.prototype.getContext = (() => ({ scale })) as unknown as HTMLCanvasElement['getContext'];
});

/** The pad's engine once it has loaded. */
async function engine(): Promise<FakeSignaturePadEngine> {
  await waitFor(() => expect(FakeSignaturePadEngine.instances.length).toBeGreaterThan(0));
  return FakeSignaturePadEngine.instances.at(-1)!;
}

describe('signaturePadWidth', () => {
  it('is 350 under a 767 px viewport and 500 from 767 on (spec section 9)', () => {
    expect(signaturePadWidth(360)).toBe(350);
    expect(signaturePadWidth(766)).toBe(350);
    expect(signaturePadWidth(767)).toBe(500);
    expect(signaturePadWidth(1440)).toBe(500);
  });
});

describe('kept drawings', () => {
  it('reads the size of a PNG data URL from its header', () => {
    expect(pngDataUrlSize(PNG)).toEqual({ width: 1000, height: 400 });
    expect(pngDataUrlSize('data:image/jpeg;base64,/9j/4AAQ')).toBeNull();
    expect(pngDataUrlSize('data:image/png;base64,not base64!')).toBeNull();
    expect(pngDataUrlSize('data:image/png;base64,R0lGODlhAQABAIAAAAAAAP')).toBeNull();
  });

  it('keeps a drawing in proportion, as high as the pad, smaller on a narrower pad', () => {
    expect(keptDrawingSize(PNG, 500)).toEqual({ width: 500, height: 200 });
    expect(keptDrawingSize(PNG, 350)).toEqual({ width: 350, height: 140 });
    expect(keptDrawingSize('data:image/jpeg;base64,/9j/4AAQ', 350)).toEqual({ width: 350, height: 200 });
  });
});

describe('SignaturePad', () => {
  it('is a group named by its label holding an image that says it is empty, and a Clear button', async () => {
    render(<SignaturePad label="Signature" onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Signature' });
    expect(within(group).getByRole('img', { name: 'Signature, empty' })).toHaveAccessibleDescription(
      'Draw in the box with your mouse, finger or pen.',
    );
    expect(within(group).getByRole('button', { name: 'Clear' })).toBeEnabled();
    await engine();
  });

  it('reports a PNG data URL after each stroke and null on Clear', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<SignaturePad label="Initials" onChange={onChange} />);
    await engine();
    const canvas = screen.getByRole('img', { name: 'Initials, empty' });

    act(() => drawOnPad(canvas));
    expect(onChange).toHaveBeenLastCalledWith(fakeSignatureDataUrl('Initials', 1));
    expect(screen.getByRole('img', { name: 'Initials, drawn' })).toBe(canvas);
    act(() => drawOnPad(canvas));
    expect(onChange).toHaveBeenLastCalledWith(fakeSignatureDataUrl('Initials', 2));

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('img', { name: 'Initials, empty' })).toBe(canvas);
    expect((await engine()).isEmpty()).toBe(true);
  });

  it('asks for a PNG from the engine', async () => {
    const onChange = jest.fn();
    render(<SignaturePad label="Signature" onChange={onChange} />);
    const pad = await engine();
    const toDataURL = jest.spyOn(pad, 'toDataURL');
    act(() => drawOnPad(screen.getByRole('img', { name: 'Signature, empty' })));
    expect(toDataURL).toHaveBeenCalledWith('image/png');
  });

  it('is 500 x 200 CSS pixels on a wide viewport, backed by device pixels', async () => {
    setViewport(1280, 2);
    render(<SignaturePad label="Signature" onChange={() => {}} />);
    await engine();
    const canvas = screen.getByRole('img', { name: 'Signature, empty' }) as HTMLCanvasElement;
    expect(canvas.style.width).toBe('500px');
    expect(canvas.style.height).toBe('200px');
    expect(canvas.width).toBe(1000);
    expect(canvas.height).toBe(400);
    expect(scale).toHaveBeenCalledWith(2, 2);
  });

  it('narrows to 350 under 767 px and redraws its strokes on a resize', async () => {
    render(<SignaturePad label="Signature" onChange={() => {}} />);
    const pad = await engine();
    const canvas = screen.getByRole('img', { name: 'Signature, empty' }) as HTMLCanvasElement;
    expect(canvas.style.width).toBe('500px');
    act(() => drawOnPad(canvas));

    setViewport(600, 3);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(canvas.style.width).toBe('350px');
    expect(canvas.width).toBe(1050);
    expect(canvas.height).toBe(600);
    expect(scale).toHaveBeenLastCalledWith(3, 3);
    expect(pad.redraws).toBe(1);
    expect(pad.isEmpty()).toBe(false);

    // A resize that changes neither width nor ratio (a mobile toolbar) leaves the canvas alone.
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(pad.redraws).toBe(1);
  });

  it('draws a kept drawing back in and reads as drawn', async () => {
    const onChange = jest.fn();
    render(<SignaturePad label="Signature" onChange={onChange} defaultValue={PNG} />);
    const pad = await engine();
    await waitFor(() => expect(pad.restored).toBe(PNG));
    expect(pad.restoredOptions).toEqual({ width: 500, height: 200 });
    expect(screen.getByRole('img', { name: 'Signature, drawn' })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('drops a kept value that is not an image and reports the pad empty', async () => {
    const onChange = jest.fn();
    render(<SignaturePad label="Signature" onChange={onChange} defaultValue="data:text/plain,hello" />);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(screen.getByRole('img', { name: 'Signature, empty' })).toBeInTheDocument();
  });

  it('starts one engine under StrictMode and stops listening when unmounted', async () => {
    const onChange = jest.fn();
    const { unmount } = render(
      <StrictMode>
        <SignaturePad label="Signature" onChange={onChange} />
      </StrictMode>,
    );
    const pad = await engine();
    expect(FakeSignaturePadEngine.instances).toHaveLength(1);
    const canvas = screen.getByRole('img', { name: 'Signature, empty' });
    unmount();
    drawOnPad(canvas);
    expect(pad.strokes).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says drawing is unavailable when the engine cannot start', async () => {
    mockEngineFails = true;
    render(<SignaturePad label="Signature" onChange={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNATURE_PAD_UNAVAILABLE);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });
});
