/** Merges Tailwind class names, later ones winning (clsx + tailwind-merge). */
import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs))
