import { Link } from 'wouter'
import '../ui/info-pages.css'

export function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="not-found">
      <div className="page-banner">
        <div className="container">
          <p className="eyebrow eyebrow--light">Error 404</p>
          <h1>We can’t find that page</h1>
          <p>It may have wandered off the path. Let’s get you back to somewhere warm.</p>
        </div>
      </div>
      <div className="section">
        <div className="container container--narrow not-found__body">
          <p className="lead">Try one of these instead:</p>
          <ul className="not-found__links">
            <li>
              <Link href="/" className="button">
                Back to the home page
              </Link>
            </li>
            <li>
              <Link href="/events" className="button button--ghost">
                What’s on
              </Link>
            </li>
            <li>
              <Link href="/contact" className="button button--ghost">
                Contact us
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  )
}
