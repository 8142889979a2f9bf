// The installed app's identity: its names (from the venue's), its icons and the logo they are drawn from.
// The build writes them into its manifest and files; the server sends them as the venue is now, so a
// change of the venue's names or logo reaches visitors and installed apps too. Pure.

export function appNames(venue: { hotelName: string; barName: string }): { name: string; short_name: string; description: string } {
  return {
    name: `${venue.hotelName} & ${venue.barName.replace(/ bar$/i, '')}`,
    short_name: shortNameOf(venue.hotelName),
    description: `Rooms, the cafe and ${venue.barName} — opening times, menus and events, even without a signal.`,
  }
}

/**
 * The label under the installed app's icon: the hotel's name's first word, after a leading article ("The
 * Fellside Inn" is "Fellside", not "The"), without quote marks round it; the whole name if it is only an article.
 */
function shortNameOf(hotelName: string): string {
  const words = hotelName
    .split(/\s+/)
    .map((word) => word.replace(/^[\p{Pi}\p{Pf}\p{Ps}\p{Pe}"']+|[\p{Pi}\p{Pf}\p{Ps}\p{Pe}"']+$/gu, ''))
    .filter(Boolean)
  return words.find((word) => !/^(the|a|an)$/i.test(word)) ?? hotelName
}

/** The icons drawn from the logo: the installed app's, the Apple touch icon and the favicon. */
export const APP_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { fileName: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { fileName: 'icons/apple-touch-icon-180.png', size: 180, purpose: 'apple' },
  { fileName: 'icons/favicon-48.png', size: 48, purpose: 'favicon' },
] as const
export type AppIcon = (typeof APP_ICONS)[number]

/** The icons a web app manifest lists (the Apple one and the favicon are named by the page instead). */
export const MANIFEST_ICONS = APP_ICONS.filter((icon) => icon.purpose === 'any' || icon.purpose === 'maskable')
