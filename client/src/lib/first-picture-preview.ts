/**
 * The first picture's preview (public-visitor §2 Rate screen; server/features/first-screen): the server writes the
 * first item's picture into the page of `/`, where the stylesheet places it at the rate screen's box, so it is on
 * screen before the app's script has even arrived. The entry (main.tsx) starts the app once the preview has painted,
 * so the app's start-up never delays that paint; the app removes the preview once its own picture of that item has
 * painted in the same place (features/votes/first-media.ts), or once the page shows anything else.
 */
import { FIRST_PICTURE_PREVIEW_ATTRIBUTE } from '@contract/first-screen'

/** Longest wait for the preview's picture before the app starts anyway, ms (a slow picture must not hold the app back). */
const PREVIEW_PAINT_MAX_WAIT_MS = 1000

const previewElement = () => document.querySelector<HTMLElement>(`[${FIRST_PICTURE_PREVIEW_ATTRIBUTE}]`)

/**
 * Resolves once the page's preview has painted: its picture has loaded (or failed) and a frame has been drawn after
 * that. At once when the page has none or the browser does not show it; at most PREVIEW_PAINT_MAX_WAIT_MS later in any
 * case. Never rejects.
 */
export function afterFirstPicturePreview(): Promise<void> {
  const preview = previewElement()
  const img = preview?.querySelector('img')
  if (!preview || !img || getComputedStyle(preview).display === 'none') return Promise.resolve()
  return new Promise((resolve) => {
    setTimeout(resolve, PREVIEW_PAINT_MAX_WAIT_MS)
    // A task queued in an animation frame callback runs once that frame has been drawn.
    const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0))
    if (img.complete) painted()
    else {
      img.addEventListener('load', painted, { once: true })
      img.addEventListener('error', painted, { once: true })
    }
  })
}

/** Removes the page's preview (the app's own picture, or another screen, is on screen now); nothing when there is none. */
export function removeFirstPicturePreview(): void {
  previewElement()?.remove()
}
