/** What other features may use of the menus: the link to a business's menu page, with its download state. (The Menu page is a route of its own, named by web/src/routes.ts.) */
export { MenuLink } from './MenuLink'
