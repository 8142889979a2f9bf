export function Login() {
  return <main id="main">Login</main>
}
