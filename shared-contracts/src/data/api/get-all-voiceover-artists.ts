import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { VoiceArtist } from '../collections';
import { asList, readPayload } from '../read-payload';

/** GET /voiceover/getallvoiceoverartists: the voice-over artists (the shared "voiceArtists"). Throws ApiError on failure. */
export async function getAllVoiceoverArtists(): Promise<VoiceArtist[]> {
  return asList<VoiceArtist>(readPayload(unwrap(await client.GET('/voiceover/getallvoiceoverartists'))));
}
