import { Link } from 'wouter'
import { useResource } from '../../stores'
import { menuPath, menuStore, type BusinessId } from './store'
import './menu.css'
import { Unavailable } from '../../ui/Unavailable'

/**
 * The way to a business's menu: 'Loading menu...' until its details are known (saved or fresh), then
 * 'View The Menu', or 'Menu coming soon' when none has been uploaded.
 */
export function MenuLink({ businessId }: { businessId: BusinessId }) {
  const { data, status } = useResource(menuStore(businessId))

  if (data?.menu) {
    return (
      <Link href={menuPath(businessId)} className="menu-link">
        View The Menu
      </Link>
    )
  }
  if (data) return <p className="menu-link-note">Menu coming soon</p>
  if (status === 'error') return <Unavailable what="The menu" className="menu-link-note" />
  return (
    <p className="menu-link-note" role="status">
      Loading menu...
    </p>
  )
}
