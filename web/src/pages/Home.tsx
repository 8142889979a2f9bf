export function Home() {
  return <main id="main">Home</main>
}
