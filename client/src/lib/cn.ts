/**
 * Merges Tailwind class names, later ones winning (clsx + tailwind-merge with its default configuration). The merge
 * needs tailwind-merge's configuration and the class tables built from it; both are built on first use, or ahead of it
 * in two steps by prepareCn, so that no single task of the start-up builds both.
 */
import { clsx, type ClassValue } from 'clsx'
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge'

let defaultConfig: ReturnType<typeof getDefaultConfig> | undefined
/** tailwind-merge's default configuration, made once. */
const config = () => (defaultConfig ??= getDefaultConfig())
const twMerge = createTailwindMerge(config)

export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs))

/**
 * Builds what cn needs ahead of its first use, in two tasks: tailwind-merge's configuration now, its class tables in
 * the task after (a 0-ms timeout). Calling cn before then builds what is missing at once.
 */
export function prepareCn(): void {
  config()
  setTimeout(() => cn('p-0', 'p-1'), 0)
}
