import type { FontValue } from '@storyreel/core'

/**
 * The one font file of each entry of the font table: free fonts metric-compatible with, or
 * close to, the named family. Paths are npm module specifiers, or `./fonts/…` for the TeX Gyre
 * files shipped in this package (GUST licence, fonts/GUST-FONT-LICENSE.txt). The browser's
 * `src/browser/font-urls.ts` imports these very files; a test keeps the two lists equal.
 */
export const FONT_FILES: Record<FontValue, string> = {
  Arial: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  'Times-Roman': '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
  Helvetica: './fonts/texgyreheros-regular.otf',
  Courier: './fonts/texgyrecursor-regular.otf',
  Georgia: '@expo-google-fonts/gelasio/400Regular/Gelasio_400Regular.ttf',
  Verdana: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  Impact: '@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf',
  'Comic-Sans-MS': '@expo-google-fonts/comic-neue/400Regular/ComicNeue_400Regular.ttf',
  'Trebuchet-MS': '@expo-google-fonts/fira-sans/400Regular/FiraSans_400Regular.ttf',
  Palatino: './fonts/texgyrepagella-regular.otf',
  Garamond: '@expo-google-fonts/eb-garamond/400Regular/EBGaramond_400Regular.ttf',
  Bookman: './fonts/texgyrebonum-regular.otf',
  'Avant-Garde': './fonts/texgyreadventor-regular.otf',
}
