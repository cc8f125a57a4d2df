import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import { readCompletedStages } from '../completed-stages';
import { readDraft, writeDraft } from '../draft-storage';
import { parseResumeLink, stagesBefore, useResumeLink } from '../resume';

beforeEach(() => localStorage.clear());

describe('parseResumeLink', () => {
  it("reads the library's links", () => {
    expect(parseResumeLink('?continue=true&lbid=11&ibid=21&region=li')).toEqual({
      localBookId: 11,
      internationalBookId: 21,
      isLocal: true,
      isInternational: true,
    });
    expect(parseResumeLink('?continue=true&lbid=11&region=l')).toEqual({
      localBookId: 11,
      internationalBookId: null,
      isLocal: true,
      isInternational: false,
    });
    expect(parseResumeLink('?continue=true&ibid=21&region=i')).toEqual({
      localBookId: null,
      internationalBookId: 21,
      isLocal: false,
      isInternational: true,
    });
  });

  it('takes the regions from the ids when the link has none', () => {
    expect(parseResumeLink('?continue=true&ibid=21')).toMatchObject({ isLocal: false, isInternational: true });
  });

  it.each([
    '',
    '?lbid=11',
    '?continue=false&lbid=11',
    '?continue=true',
    '?continue=true&lbid=abc',
    '?continue=true&lbid=0',
  ])('is no resume link: %p', (search) => {
    expect(parseResumeLink(search)).toBeNull();
  });
});

describe('stagesBefore', () => {
  it('lists the stages done before publisher-info and before upload-type', () => {
    expect(stagesBefore('publisher-info')).toEqual([
      'publishing-rights',
      'general-info',
      'calculator',
      'confirm-details',
    ]);
    expect(stagesBefore('upload-type')).toEqual([
      'publishing-rights',
      'general-info',
      'calculator',
      'confirm-details',
      'publisher-info',
      'bank-details',
      'accept-terms',
      'contract',
    ]);
  });
});

function UploadType() {
  const resumed = useResumeLink('upload-type');
  return <p>{resumed ? 'Resumed' : 'Not resumed'}</p>;
}

describe('useResumeLink', () => {
  it('stores an upload-type link with the stages up to contract, and takes the query off', async () => {
    writeDraft('localBookId', 11);
    writeDraft('internationalBookId', null);
    writeDraft('rawOrPdf', 'pdf');
    renderWithProviders(
      <Routes>
        <Route path="/new-book/upload-type" element={<UploadType />} />
      </Routes>,
      { route: '/new-book/upload-type?continue=true&lbid=11&region=l', probe: true },
    );

    expect(screen.getByText('Resumed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/new-book\/upload-type$/));
    expect(readCompletedStages()).toEqual(stagesBefore('upload-type'));
    expect(readDraft('isLocal', null)).toBe(true);
    expect(readDraft('isInternational', null)).toBe(false);
    // The same book: its draft stays.
    expect(readDraft('rawOrPdf', null)).toBe('pdf');
  });

  it('does nothing without a resume link', () => {
    renderWithProviders(
      <Routes>
        <Route path="/new-book/upload-type" element={<UploadType />} />
      </Routes>,
      { route: '/new-book/upload-type', probe: true },
    );
    expect(screen.getByText('Not resumed')).toBeInTheDocument();
    expect(readCompletedStages()).toEqual([]);
  });
});
