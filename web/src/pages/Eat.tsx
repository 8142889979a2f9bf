export function Eat() {
  return <main id="main">Eat</main>
}
