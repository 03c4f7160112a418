/** The five public routes and their labels (public-visitor §2 table). */
export const NAV_ITEMS = [
  { to: '/', label: 'Rate Photos', mobileLabel: 'Rate', icon: '🔥' },
  { to: '/upload', label: 'Upload Media', mobileLabel: 'Upload', icon: '⬆️' },
  { to: '/stats', label: 'My Stats', mobileLabel: 'Stats', icon: '📊' },
  { to: '/profile', label: 'Edit Profile', mobileLabel: 'Profile', icon: '👤' },
  { to: '/dmca', label: 'DMCA Takedown', mobileLabel: 'DMCA', icon: '⚖️' },
] as const
