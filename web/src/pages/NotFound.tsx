export function NotFound() {
  return <main id="main">NotFound</main>
}
