import type { PublicPage } from '../../api/types'

/**
 * One of a page's short words as staff wrote it (PAGE_WORDS), or empty until the page's content has come.
 * A copy saved on a device before pages had words has none: it reads as empty, not as an error.
 */
export const pageWord = (content: PublicPage | null | undefined, key: string): string => (content?.words as PublicPage['words'] | undefined)?.[key] ?? ''
