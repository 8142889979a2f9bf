export function Drink() {
  return <main id="main">Drink</main>
}
