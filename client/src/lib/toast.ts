/**
 * toast(): shows one toast at a time (public-visitor §9: at most 1; a new one replaces the current).
 * The <Toaster/> in components/ui/toast.tsx renders it with Radix Toast (5000 ms, swipe right, F8).
 */
import { useSyncExternalStore } from 'react'

/** One toast: title and optional text; destructive shows it in red. */
export type ToastMessage = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' }

let current: ToastMessage | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Shows a toast, replacing the one on screen. */
export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ }
  emit()
}

/** Removes the toast with this id if it is still the current one. */
export function dismissToast(id: number): void {
  if (current?.id !== id) return
  current = null
  emit()
}

/** The toast on screen, or null. */
export const useCurrentToast = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => current,
  )
