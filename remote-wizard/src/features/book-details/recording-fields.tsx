import { useForm, useFormState } from 'react-final-form';
import { VOICE_GENDERS, type PriceConfig, type VoiceArtist } from '@pod/shared-contracts';
import { SearchSelect } from '../../components/search-select';
import type { BookDraft } from './book-draft';
import { ChoiceGroup, ChoiceInput } from './choice-fields';
import { accentChoices, artistChoices, extraHints, NO_PAPER_MATCH } from './page-two-options';
import { ChaptersField, ExtraCheckbox } from './page-two-fields';

/** The voice artist's hint while no gender and accent are chosen. */
export const CHOOSE_VOICE_FIRST = 'Choose the voice gender and accent first';

/**
 * An audiobook's recording: 'Recording required' (its cost per page as the hint), then the voice
 * (gender, accent, artist) and the number of chapters. The accents are those of the gender's
 * artists; a new gender or accent clears choices it no longer offers; unticking clears them all.
 */
export function RecordingFields({ artists, config }: { artists: readonly VoiceArtist[]; config: PriceConfig }) {
  const form = useForm<BookDraft>();
  const { values } = useFormState<BookDraft>({ subscription: { values: true } });
  const accents = accentChoices(artists, values.voiceGender);
  const voices = artistChoices(artists, values.voiceGender, values.voiceAccent);

  const onGenderPicked = (gender: string) =>
    form.batch(() => {
      if (!accentChoices(artists, gender).some((accent) => accent.value === values.voiceAccent))
        form.change('voiceAccent', '');
      form.change('voiceArtist', '');
    });

  return (
    <ChoiceGroup legend="Recording">
      <ExtraCheckbox
        name="recordingRequired"
        label="Recording required"
        hint={extraHints(config).recordingRequired}
        onPick={(checked) => {
          if (checked) return;
          form.batch(() => {
            for (const field of ['voiceGender', 'voiceAccent', 'voiceArtist', 'numChapters'] as const)
              form.change(field, '');
          });
        }}
      />
      {values.recordingRequired ? (
        <>
          <ChoiceGroup legend="Voice gender" errorOf="voiceGender">
            {VOICE_GENDERS.map((gender) => (
              <ChoiceInput
                key={gender}
                type="radio"
                name="voiceGender"
                value={gender}
                label={gender}
                onPick={() => onGenderPicked(gender)}
              />
            ))}
          </ChoiceGroup>
          <SearchSelect
            name="voiceAccent"
            label="Voice accent"
            options={accents}
            emptyText={NO_PAPER_MATCH}
            onPick={() => form.change('voiceArtist', '')}
          />
          <SearchSelect
            name="voiceArtist"
            label="Voice artist"
            options={voices}
            valueLabel={artists.find((artist) => String(artist.id) === values.voiceArtist)?.name}
            emptyText={values.voiceGender && values.voiceAccent ? NO_PAPER_MATCH : CHOOSE_VOICE_FIRST}
          />
          <ChaptersField />
        </>
      ) : null}
    </ChoiceGroup>
  );
}
