export function Events() {
  return <main id="main">Events</main>
}
