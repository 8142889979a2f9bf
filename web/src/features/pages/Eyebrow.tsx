/** The short line above a section's text (one of the page's words); nothing when staff left it empty. */
export function Eyebrow({ text }: { text: string }) {
  return text ? <span className="eyebrow">{text}</span> : null
}
