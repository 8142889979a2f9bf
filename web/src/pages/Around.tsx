export function Around() {
  return <main id="main">Around</main>
}
