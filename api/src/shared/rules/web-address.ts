// Pure rule about links staff enter, imported by the API and the web app alike (no server imports).

/**
 * A web address people can open: http or https with a host. Visitors follow these links off-site, so
 * javascript:, mailto: and bare words are refused. Surrounding spaces are ignored.
 */
export function isWebAddress(value: string): boolean {
  const text = value.trim()
  if (!URL.canParse(text)) return false
  const url = new URL(text)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}
