import {
  BookMetadata,
  METADATA_MESSAGES as M,
  countWords,
  lastMetadataDay,
  MAIN_DESCRIPTION_MAX_WORDS,
  SHORT_DESCRIPTION_MAX_WORDS,
} from '../metadata';
import { languageLabel, LANGUAGES } from '../../constants/metadata-lists';
import { validateForm } from '../validate-form';

const VALID = {
  bookFormat: 'print',
  subtitle: '',
  author: "Thandi O'Neil-Zulu",
  contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
  publicationDate: '2020-05-01',
  onSaleDate: '',
  language: 'english',
  keywords: ['romance'],
  bisacCode: 'FIC027000',
  shortDescription: '',
  longDescription: '',
  mainDescription: 'A story of stars.',
  copyrightHolder: 'Thandi Zulu',
  copyrightDate: '2020-01-01',
  recommendedAudience: 'General Trade',
  indicatedAudienceWarning: '00',
};

const errorsOf = (change: Record<string, unknown>) => validateForm(BookMetadata, { ...VALID, ...change });
const wordsOf = (count: number) => Array.from({ length: count }, () => 'word').join(' ');

describe('BookMetadata', () => {
  it('accepts complete metadata, optional fields empty or undefined', () => {
    expect(validateForm(BookMetadata, VALID)).toBeUndefined();
    expect(errorsOf({ subtitle: undefined, onSaleDate: undefined, shortDescription: undefined })).toBeUndefined();
  });

  it('gives every required message of the spec', () => {
    expect(
      validateForm(BookMetadata, {
        bookFormat: 'print',
        keywords: [],
      }),
    ).toEqual({
      author: "Please enter your book's author",
      keywords: 'Please add at least one keyword',
      publicationDate: "Please select your book's publication date",
      language: "Please select your book's language",
      mainDescription: "Please enter your book's main description",
      copyrightHolder: "Please enter your book's copyright holder",
      copyrightDate: "Please select your book's on copyright date",
      recommendedAudience: "Please enter your book's recommended audience",
      indicatedAudienceWarning: "Please enter your book's indicated audience warning",
    });
  });

  it('asks the author of print books only', () => {
    expect(errorsOf({ bookFormat: 'ebook', author: '' })).toBeUndefined();
    expect(errorsOf({ bookFormat: 'audiobook', author: undefined })).toBeUndefined();
    expect(errorsOf({ author: '  ' })).toEqual({ author: M.authorRequired });
  });

  it.each(['J', 'R2-D2', 'Anna_Smith', 'Jo@Bloggs'])('refuses the author %p', (author) => {
    expect(errorsOf({ author })).toEqual({ author: M.authorInvalid });
  });

  it.each(['Dr. J. R. R. Tolkien (Estate)', 'Zoë Wicomb', "D'Arcy, Ann"])('takes the name %p', (name) => {
    expect(errorsOf({ author: name, copyrightHolder: name })).toBeUndefined();
  });

  it('refuses a copyright holder with numbers or special characters', () => {
    expect(errorsOf({ copyrightHolder: 'Acme 2020' })).toEqual({ copyrightHolder: M.copyrightHolderInvalid });
    expect(errorsOf({ copyrightHolder: 'Acme & Co' })).toEqual({ copyrightHolder: M.copyrightHolderInvalid });
  });

  it('needs one keyword that is not blank', () => {
    expect(errorsOf({ keywords: ['  '] })).toEqual({ keywords: M.keywords });
    expect(errorsOf({ keywords: undefined })).toEqual({ keywords: M.keywords });
  });

  it('takes days from 1970 to the end of this year only', () => {
    expect(errorsOf({ publicationDate: '1970-01-01', copyrightDate: lastMetadataDay() })).toBeUndefined();
    expect(errorsOf({ publicationDate: '1969-12-31' })).toEqual({ publicationDate: M.publicationDate });
    const nextYear = new Date().getFullYear() + 1;
    expect(errorsOf({ copyrightDate: `${nextYear}-01-01` })).toEqual({ copyrightDate: M.copyrightDate });
    expect(errorsOf({ publicationDate: '2020-02-30' })).toEqual({ publicationDate: M.publicationDate });
    expect(errorsOf({ onSaleDate: '1960-01-01' })).toHaveProperty('onSaleDate');
  });

  it('takes only the listed language, audience and warning', () => {
    expect(errorsOf({ language: 'English' })).toEqual({ language: M.language });
    expect(errorsOf({ recommendedAudience: 'Adults' })).toEqual({ recommendedAudience: M.recommendedAudience });
    expect(errorsOf({ indicatedAudienceWarning: '08' })).toEqual({
      indicatedAudienceWarning: M.indicatedAudienceWarning,
    });
    expect(errorsOf({ indicatedAudienceWarning: '07', recommendedAudience: 'Young Adult' })).toBeUndefined();
  });

  it('limits the short description to 200 words and the main description to 512', () => {
    expect(errorsOf({ shortDescription: wordsOf(SHORT_DESCRIPTION_MAX_WORDS) })).toBeUndefined();
    expect(errorsOf({ shortDescription: wordsOf(201) })).toEqual({ shortDescription: M.shortDescriptionLong });
    expect(errorsOf({ mainDescription: wordsOf(MAIN_DESCRIPTION_MAX_WORDS) })).toBeUndefined();
    expect(errorsOf({ mainDescription: wordsOf(513) })).toEqual({ mainDescription: M.mainDescriptionLong });
  });

  it('needs both name and role of a contributor', () => {
    expect(errorsOf({ contributors: [{ name: 'Jo', role: '' }] })).toEqual({
      contributors: [{ role: 'Please fill both the Contributor Name and Contributor Role fields' }],
    });
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    [' one  two\nthree\t', 3],
  ])('counts %p as %p words', (text, count) => {
    expect(countWords(text)).toBe(count);
  });
});

describe('LANGUAGES', () => {
  it('holds about 150 distinct lowercase values', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length);
    for (const value of LANGUAGES) expect(value).toBe(value.toLowerCase());
  });

  it('names a value with capitals', () => {
    expect(languageLabel('northern sotho')).toBe('Northern Sotho');
    expect(languageLabel('luba-katanga')).toBe('Luba-Katanga');
    expect(languageLabel('afrikaans')).toBe('Afrikaans');
  });
});
