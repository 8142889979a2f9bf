/**
 * What other features may use of the contact feature: the enquiry form, which the home, eat and drink
 * pages show too. (The Contact page is a route of its own, named by web/src/routes.ts.)
 */
export { ContactForm } from './ContactForm'
