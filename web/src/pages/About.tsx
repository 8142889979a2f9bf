export function About() {
  return <main id="main">About</main>
}
