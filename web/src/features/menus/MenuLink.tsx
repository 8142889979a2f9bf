import { useEffect } from 'react'
import { Link } from 'wouter'
import { menuPath, menuStore, type BusinessId } from './store'
import './menu.css'

/**
 * The way to a business's menu: 'Loading menu...' until its details are known (saved or fresh), then
 * 'View The Menu', or 'Menu coming soon' when none has been uploaded.
 */
export function MenuLink({ businessId }: { businessId: BusinessId }) {
  const useMenu = menuStore(businessId)
  const data = useMenu((state) => state.data)
  const status = useMenu((state) => state.status)

  useEffect(() => {
    void useMenu.getState().load()
  }, [useMenu])

  if (data?.menu) {
    return (
      <Link href={menuPath(businessId)} className="menu-link">
        View The Menu
      </Link>
    )
  }
  if (data) return <p className="menu-link-note">Menu coming soon</p>
  if (status === 'error') return <p className="menu-link-note">The menu cannot be loaded right now. Please try again when you have signal.</p>
  return (
    <p className="menu-link-note" role="status">
      Loading menu...
    </p>
  )
}
