export function Stay() {
  return <main id="main">Stay</main>
}
