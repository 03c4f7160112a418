/**
 * UserMenu (public-visitor §2 User menu): the avatar opens a menu with the username and email, Edit Profile,
 * Save Account, Login as Different User and Logout. Rendered only when a session user exists, by LazyUserMenu
 * (lazy-user-menu.tsx) once the visitor first reaches for the menu, open then (defaultOpen).
 */
import * as Menu from '@radix-ui/react-dropdown-menu'
import { useNavigate } from '@tanstack/react-router'
import { Suspense, useRef, useState } from 'react'
import type { SessionUser } from '@contract/session'
import { Avatar } from '@client/components/ui/avatar'
import { USER_MENU_BUTTON_CLASS, userMenuLabel } from './lazy-user-menu'
import { logout } from '../session-actions'
import { lazyComponent } from '@client/lib/lazy-component'

// The dialogs load the first time one opens (no dialog code on the first load of /).
const SaveAccountDialog = lazyComponent(() => import('./account-dialogs'), 'SaveAccountDialog')
const LoginDifferentDialog = lazyComponent(() => import('./account-dialogs'), 'LoginDifferentDialog')

const itemClass = 'cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-zinc-800'

function UserMenu({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<'save' | 'login' | null>(null)
  // Set by an item that opens a dialog: the closing menu must not pull focus back to its button, which would blur
  // the dialog's email field and show 'Email address is required' before anything was typed.
  const openingDialog = useRef(false)
  const openDialog = (which: 'save' | 'login') => {
    openingDialog.current = true
    setDialog(which)
  }
  return (
    <>
      {/* Not modal: a modal menu hides the rest of the page with aria-hidden while focusable content stays inside it (axe aria-hidden-focus). */}
      <Menu.Root modal={false} defaultOpen={defaultOpen}>
        <Menu.Trigger aria-label={userMenuLabel(user)} className={USER_MENU_BUTTON_CLASS}>
          <Avatar username={user.username} />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={8}
            onCloseAutoFocus={(e) => {
              if (openingDialog.current) e.preventDefault()
              openingDialog.current = false
            }}
            className="z-50 min-w-56 rounded-xl border border-zinc-800 bg-zinc-900 p-1 text-zinc-100 shadow-2xl"
          >
            <div className="px-3 py-2">
              <p className="font-medium">{user.username}</p>
              {user.email && <p className="text-xs text-zinc-400">{user.email}</p>}
            </div>
            <Menu.Separator className="my-1 h-px bg-zinc-800" />
            <Menu.Item className={itemClass} onSelect={() => navigate({ to: '/profile' })}>
              Edit Profile
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={() => openDialog('save')}>
              Save Account
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={() => openDialog('login')}>
              Login as Different User
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={logout}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <Suspense fallback={null}>
        {dialog === 'save' && <SaveAccountDialog open onOpenChange={(o) => setDialog(o ? 'save' : null)} />}
        {dialog === 'login' && <LoginDifferentDialog open onOpenChange={(o) => setDialog(o ? 'login' : null)} />}
      </Suspense>
    </>
  )
}

export { UserMenu }
