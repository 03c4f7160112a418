/**
 * LazyUserMenu (public-visitor §2 User menu): the avatar button of the user menu, whose menu (UserMenu, with Radix
 * Dropdown Menu and the account dialogs behind it) loads the first time the visitor reaches for it: pointer over or
 * focus on the button fetches its code, a press (pointer down, click, Enter, Space or Arrow Down) renders it open.
 * Until then the first screen renders and commits one plain button, not the menu's tree of Radix parts.
 */
import { Suspense, useState, type KeyboardEvent } from 'react'
import type { SessionUser } from '@contract/session'
import { Avatar, initialsOf } from '@client/components/ui/avatar'
import { lazyComponent } from '@client/lib/lazy-component'

/** The user menu button's accessible name: it holds the initials the button shows (WCAG 2.5.3 label in name). */
export const userMenuLabel = (user: SessionUser) => `User menu ${initialsOf(user.username)}`
/** The user menu button's classes: the menu's Radix trigger and its stand-in here look the same. */
export const USER_MENU_BUTTON_CLASS = 'rounded-full outline-none focus-visible:ring-2 focus-visible:ring-rose-400'

const loadUserMenu = () => import('./user-menu')
const UserMenu = lazyComponent(loadUserMenu, 'UserMenu')

/** The user menu of user: a button that looks like the menu's trigger until pressed, then the menu itself, open. */
function LazyUserMenu({ user }: { user: SessionUser }) {
  const [active, setActive] = useState(false)
  const activate = () => setActive(true)
  const prefetch = () => void loadUserMenu().catch(() => undefined)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      activate()
    }
  }
  // The stand-in: the same name (initials included, WCAG 2.5.3), look and place as the menu's trigger.
  const button = (
    <button
      type="button"
      aria-label={userMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_BUTTON_CLASS}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onPointerDown={activate}
      onClick={activate}
      onKeyDown={onKeyDown}
    >
      <Avatar username={user.username} />
    </button>
  )
  if (!active) return button
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  )
}

export { LazyUserMenu }
