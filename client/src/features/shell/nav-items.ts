import { ChartNoAxesColumn, Flame, Scale, Upload, UserRound, type LucideIcon } from 'lucide-react'

/** The five public routes, their labels (public-visitor §2 table) and their icons (lucide, drawn aria-hidden beside the label). */
export const NAV_ITEMS: readonly {
  to: '/' | '/upload' | '/stats' | '/profile' | '/dmca'
  label: string
  mobileLabel: string
  icon: LucideIcon
}[] = [
  { to: '/', label: 'Rate Photos', mobileLabel: 'Rate', icon: Flame },
  { to: '/upload', label: 'Upload Media', mobileLabel: 'Upload', icon: Upload },
  { to: '/stats', label: 'My Stats', mobileLabel: 'Stats', icon: ChartNoAxesColumn },
  { to: '/profile', label: 'Edit Profile', mobileLabel: 'Profile', icon: UserRound },
  { to: '/dmca', label: 'DMCA Takedown', mobileLabel: 'DMCA', icon: Scale },
]
