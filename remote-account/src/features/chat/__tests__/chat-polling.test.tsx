import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import { hydrateSession } from '@pod/shared-contracts';
import { ChatPanel } from '../chat-panel';
import { OFFICE_CLOSED_LINE, OFFICE_OPEN_LINE } from '../office-hours-line';
import { fakeChatApi, signIn } from './chat-fixtures';

/** A South African wall-clock time (SAST, UTC+2 all year) as an instant. */
const sast = (localIso: string) => new Date(`${localIso}+02:00`);

let visibility: DocumentVisibilityState = 'visible';

/** Hides or shows the page as a browser does when its tab goes to the background or comes back. */
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function startAt(now: Date) {
  jest.useFakeTimers({ now });
  localStorage.clear();
  hydrateSession();
  signIn();
}

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  visibility = 'visible';
  jest.useRealTimers();
});

describe('chat polling', () => {
  it('reads the chat at once, then every 20 seconds while the panel is open', async () => {
    startAt(sast('2026-03-02T10:00:00'));
    const api = fakeChatApi([]);
    renderWithProviders(<ChatPanel id="chat" open onClose={() => {}} />);

    await advance(0);
    expect(api.reads()).toBe(1);
    await advance(19_999);
    expect(api.reads()).toBe(1);
    await advance(1);
    expect(api.reads()).toBe(2);
    await advance(20_000);
    expect(api.reads()).toBe(3);
    await advance(60_000);
    expect(api.reads()).toBe(6);
  });

  it('pauses while the page is hidden and reads at once when it is visible again', async () => {
    startAt(sast('2026-03-02T10:00:00'));
    const api = fakeChatApi([]);
    renderWithProviders(<ChatPanel id="chat" open onClose={() => {}} />);
    await advance(0);
    expect(api.reads()).toBe(1);

    await advance(5_000);
    setVisibility('hidden');
    await advance(120_000);
    expect(api.reads()).toBe(1);

    setVisibility('visible');
    await advance(0);
    expect(api.reads()).toBe(2);
    // The 20 s count starts again from that read.
    await advance(19_999);
    expect(api.reads()).toBe(2);
    await advance(1);
    expect(api.reads()).toBe(3);
  });

  it('reads nothing while closed, even when the page becomes visible', async () => {
    startAt(sast('2026-03-02T10:00:00'));
    const api = fakeChatApi([]);
    renderWithProviders(<ChatPanel id="chat" open={false} onClose={() => {}} />);

    await advance(60_000);
    setVisibility('hidden');
    setVisibility('visible');
    await advance(60_000);

    expect(api.reads()).toBe(0);
  });
});

describe('the office-hours line', () => {
  it.each([
    ['Monday 08:00', '2026-03-02T08:00:00', OFFICE_OPEN_LINE],
    ['Monday 07:59', '2026-03-02T07:59:00', OFFICE_CLOSED_LINE],
    ['Thursday 16:59', '2026-03-05T16:59:00', OFFICE_OPEN_LINE],
    ['Thursday 17:00', '2026-03-05T17:00:00', OFFICE_CLOSED_LINE],
    ['Friday 16:29', '2026-03-06T16:29:00', OFFICE_OPEN_LINE],
    ['Friday 16:30', '2026-03-06T16:30:00', OFFICE_CLOSED_LINE],
    ['Saturday 10:00', '2026-03-07T10:00:00', OFFICE_CLOSED_LINE],
    ['Sunday 12:00', '2026-03-08T12:00:00', OFFICE_CLOSED_LINE],
  ])('reads %s South African time', async (_when, localIso, line) => {
    startAt(sast(localIso));
    fakeChatApi([]);
    renderWithProviders(<ChatPanel id="chat" open onClose={() => {}} />);
    await advance(0);

    expect(screen.getByRole('dialog', { name: 'Support chat' })).toHaveTextContent(line);
  });

  it('turns to closed at 16:30 on a Friday while the panel is open', async () => {
    startAt(sast('2026-03-06T16:29:00'));
    fakeChatApi([]);
    renderWithProviders(<ChatPanel id="chat" open onClose={() => {}} />);
    await advance(0);
    expect(screen.getByText(OFFICE_OPEN_LINE)).toBeInTheDocument();

    await advance(60_000);

    expect(screen.getByText(OFFICE_CLOSED_LINE)).toBeInTheDocument();
    expect(screen.queryByText(OFFICE_OPEN_LINE)).not.toBeInTheDocument();
  });

  it('words the hours the way the specification gives them', () => {
    expect(OFFICE_OPEN_LINE).toBe(
      'Our office is open now. Office hours: Monday to Thursday 08:00-17:00 and Friday 08:00-16:30 (South African time), closed at weekends.',
    );
    expect(OFFICE_CLOSED_LINE).toBe(
      'Our office is closed at the moment: we will reply when we are back. Office hours: Monday to Thursday 08:00-17:00 and Friday 08:00-16:30 (South African time), closed at weekends.',
    );
  });
});
