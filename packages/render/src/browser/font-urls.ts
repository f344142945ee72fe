// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types: a .d.ts cannot be imported at run time
/// <reference path="./url-imports.d.ts" />
import type { FontValue } from '@storyreel/core'
import arial from '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf?url'
import timesRoman from '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf?url'
import helvetica from '../../fonts/texgyreheros-regular.otf?url'
import courier from '../../fonts/texgyrecursor-regular.otf?url'
import georgia from '@expo-google-fonts/gelasio/400Regular/Gelasio_400Regular.ttf?url'
import verdana from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url'
import impact from '@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf?url'
import comicSans from '@expo-google-fonts/comic-neue/400Regular/ComicNeue_400Regular.ttf?url'
import trebuchet from '@expo-google-fonts/fira-sans/400Regular/FiraSans_400Regular.ttf?url'
import palatino from '../../fonts/texgyrepagella-regular.otf?url'
import garamond from '@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf?url'
import bookman from '../../fonts/texgyrebonum-regular.otf?url'
import avantGarde from '../../fonts/texgyreadventor-regular.otf?url'

/**
 * Stored font value -> URL of the very file the server renders with (src/node/font-files.ts),
 * so text measures and wraps the same in the editor and in the video.
 */
export const FONT_URLS: Record<FontValue, string> = {
  Arial: arial,
  'Times-Roman': timesRoman,
  Helvetica: helvetica,
  Courier: courier,
  Georgia: georgia,
  Verdana: verdana,
  Impact: impact,
  'Comic-Sans-MS': comicSans,
  'Trebuchet-MS': trebuchet,
  Palatino: palatino,
  Garamond: garamond,
  Bookman: bookman,
  'Avant-Garde': avantGarde,
}
