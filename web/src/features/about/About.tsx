import { Link } from 'wouter'
import { PageHero, pageContentStore, pageWord } from '../pages'
import { useResource } from '../../stores'
import { FormattedText } from '../../ui/FormattedText'
import '../../ui/info-pages.css'

const aboutContent = pageContentStore('about')

export function About() {
  const { data: content } = useResource(aboutContent)
  return (
    <main id="main" tabIndex={-1} className="about">
      <PageHero content={content} placeholder={{ title: 'About us', picture: '/images/hero-drink.jpg' }} />

      <article className="section">
        <div className="container container--narrow prose">
          {content ? <FormattedText tree={content.body} leadFirst /> : null}
          <div className="prose__actions">
            <Link href="/stay" className="button">
              {pageWord(content, 'stayButton') || 'Stay'}
            </Link>
            <Link href="/contact" className="button button--ghost">
              {pageWord(content, 'contactButton') || 'Contact'}
            </Link>
          </div>
        </div>
      </article>
    </main>
  )
}
