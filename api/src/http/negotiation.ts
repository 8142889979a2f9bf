// What a GET's headers ask of the reply: a content coding the client accepts, or "nothing changed" (304).

/**
 * Whether the client holds this version already (RFC 9110 §13.1.2): `*`, or any listed tag equal to
 * `etag` by weak comparison (W/ ignored on both sides), as caches and browsers may send either form.
 */
export function notModified(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match')
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return header.split(',').some((tag) => opaque(tag) === wanted)
}

/**
 * The content codings the client accepts (RFC 9110 §12.5.3), lower-case: each listed coding whose
 * q-value is not 0, so `br;q=0` refuses brotli and `x-br` is not `br`. `*` is not honoured: the server
 * offers only what is named.
 */
export function acceptedCodings(request: Request): ReadonlySet<string> {
  const header = request.headers.get('accept-encoding') ?? ''
  if (header.length > LONGEST_KEPT_HEADER) return parseAcceptEncoding(header)
  let accepted = acceptedByHeader.get(header)
  if (!accepted) {
    accepted = parseAcceptEncoding(header)
    // Browsers send a handful of spellings; a client inventing more pushes out the oldest.
    if (acceptedByHeader.size >= ACCEPT_ENCODINGS_KEPT) acceptedByHeader.delete(acceptedByHeader.keys().next().value!)
    acceptedByHeader.set(header, accepted)
  }
  return accepted
}

/** Parsed Accept-Encoding headers, by their text: every request of a kept reply asks, with the same few. */
const acceptedByHeader = new Map<string, ReadonlySet<string>>()
const ACCEPT_ENCODINGS_KEPT = 64
const LONGEST_KEPT_HEADER = 200

function parseAcceptEncoding(header: string): ReadonlySet<string> {
  const accepted = new Set<string>()
  for (const entry of header.split(',')) {
    const [name, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase())
    if (!name) continue
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter))
    if (q !== undefined && !(Number(q.replace(/^q\s*=\s*/, '')) > 0)) continue
    accepted.add(name)
  }
  return accepted
}
