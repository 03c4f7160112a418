/**
 * Mobile header (brand and avatar) and bottom navigation (public-visitor §2): the bar hides when scrolling
 * down past 100 px and shows again when scrolling up or within 10 px of the top.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { cn } from '@client/lib/cn'
import { NAV_ITEMS } from '../nav-items'
import { Brand } from './brand'

/** Scroll positions of the bottom bar, px (public-visitor §9). */
export const SHOW_NEAR_TOP_PX = 10
export const HIDE_AFTER_PX = 100

/** Whether the bottom bar is visible for the current scroll position and direction. */
export function useBottomBarVisible(): boolean {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    // Read on the first scroll, not here: reading scrollY as the page mounts would force a layout of the whole new page
    // inside this effect's task, which would lengthen the first render's task.
    let last: number | undefined
    const onScroll = () => {
      const y = window.scrollY
      const previous = last ?? y
      if (y <= SHOW_NEAR_TOP_PX || y < previous) setVisible(true)
      else if (y > HIDE_AFTER_PX && y > previous) setVisible(false)
      last = y
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return visible
}

/** Mobile header: brand on the left, the user's avatar (or menu) on the right. */
function MobileHeader({ right }: { right: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-zinc-800 bg-zinc-950/90 px-4 backdrop-blur md:hidden">
      <Link to="/">
        <Brand />
      </Link>
      {right}
    </header>
  )
}

/** Mobile bottom navigation with the short labels. */
function BottomBar() {
  const visible = useBottomBarVisible()
  return (
    <nav
      aria-label="Bottom navigation"
      data-visible={visible}
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 flex border-t border-zinc-800 bg-zinc-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur transition-transform md:hidden',
        !visible && 'translate-y-full',
      )}
    >
      {NAV_ITEMS.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          className="flex flex-1 flex-col items-center py-2 text-xs text-zinc-400"
          activeProps={{ className: 'text-rose-400' }}
          activeOptions={{ exact: true }}
        >
          <item.icon aria-hidden className="mb-0.5 h-5 w-5" />
          {item.mobileLabel}
        </Link>
      ))}
    </nav>
  )
}

export { MobileHeader, BottomBar }
