export function Menu() {
  return <main id="main">Menu</main>
}
