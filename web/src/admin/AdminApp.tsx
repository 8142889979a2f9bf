export default function AdminApp() {
  return <main id="main">Admin</main>
}
