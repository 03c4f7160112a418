/**
 * Username availability (public-visitor §4, §5): checked 500 ms after the last change, only from 3 characters
 * and when different from the current name. State: null, 'checking', 'available' or 'taken'.
 */
import { useEffect, useState } from 'react'
import { USERNAME_MIN } from '@contract/users'
import { checkUsername } from '../api/update-profile'

/** Debounce of the check, ms (public-visitor §9). */
export const USERNAME_CHECK_DEBOUNCE_MS = 500
export type Availability = null | 'checking' | 'available' | 'taken'

/** The availability of value for a visitor whose name is current. */
export function useUsernameAvailability(value: string, current: string): Availability {
  const [state, setState] = useState<Availability>(null)
  useEffect(() => {
    const name = value.trim()
    if (name.length < USERNAME_MIN || name === current) return setState(null)
    setState('checking')
    let cancelled = false
    const timer = setTimeout(() => {
      checkUsername(name).then(
        (free) => !cancelled && setState(free ? 'available' : 'taken'),
        () => !cancelled && setState(null),
      )
    }, USERNAME_CHECK_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [value, current])
  return state
}
