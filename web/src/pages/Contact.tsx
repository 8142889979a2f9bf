export function Contact() {
  return <main id="main">Contact</main>
}
