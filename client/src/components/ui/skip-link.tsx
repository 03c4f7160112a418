/** SkipLink (WCAG 2.4.1): the first focusable element of a layout, 'Skip to content', moving focus to the element with id MAIN_CONTENT_ID. */
import { cn } from '@client/lib/cn'

/** The id of each layout's <main>, the skip link's target (give it tabIndex -1 so it takes focus). */
export const MAIN_CONTENT_ID = 'main-content'

function SkipLink({ className }: { className?: string }) {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={cn(
        'sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-lg focus:bg-rose-600 focus:px-4 focus:py-2 focus:font-medium focus:text-white',
        className,
      )}
    >
      Skip to content
    </a>
  )
}

export { SkipLink }
