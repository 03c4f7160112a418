/** Avatar: the first two letters of the username uppercased, HV while unknown (public-visitor §2). */
import { cn } from '@client/lib/cn'

/** The avatar initials of a username. */
export const initialsOf = (username?: string | null) => (username ? username.slice(0, 2).toUpperCase() : 'HV')

function Avatar({ username, className }: { username?: string | null; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid h-9 w-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-purple-600 text-sm font-bold text-white',
        className,
      )}
    >
      {initialsOf(username)}
    </span>
  )
}

export { Avatar }
