/**
 * The first-load gates of the rate screen: the photo to rate is the page's LCP element, so the
 * prefetch queue (hooks/use-prefetch-media.ts) must not compete with it. markFirstMediaShown() is called by the media
 * view once the first item's file has settled (image loaded, video's first frame, or a load error, after which the
 * screen moves on); afterFirstMedia() resolves after that, in the browser's next idle period (at most
 * IDLE_TIMEOUT_MS later): the next item is warmed then. afterFirstVoteOrQuiet() resolves once the visitor has voted
 * (markFirstVote) or QUIET_MS after the first item settled without a vote, in an idle period: the rest of the queue
 * (its refill and files, so it can be rated offline) is fetched only then, so the first seconds cost the item on
 * screen and the next one. The gates open once per page load: later rate screens of the same page never wait again.
 */

import { whenIdle } from '@client/lib/when-idle'
import { removeFirstPicturePreview } from '@client/lib/first-picture-preview'

/** Longest wait for an idle period after the first item has settled, ms. */
const IDLE_TIMEOUT_MS = 1000

/** How long after the first item settled the rest of the queue waits for a first vote, ms. */
export const QUIET_MS = 6000

let open: () => void = () => {}
let settled = false
const firstMediaSettled = new Promise<void>((resolve) => (open = resolve))
let voted: () => void = () => {}
const firstVote = new Promise<void>((resolve) => (voted = resolve))
let restOpen = false
/** Resolves in the browser's next idle period, at most IDLE_TIMEOUT_MS later. */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS))
const restGate = Promise.race([firstVote, firstMediaSettled.then(() => new Promise<void>((resolve) => setTimeout(resolve, QUIET_MS)))])
  .then(idle)
  .then(() => void (restOpen = true))

/**
 * Marks the first item on the rate screen as settled (loaded or failed, painted by then): the page's preview of the
 * first picture, which the screen's own picture now covers, is removed. Later calls change nothing.
 */
export const markFirstMediaShown = (): void => {
  removeFirstPicturePreview()
  settled = true
  open()
}

/** True once the first item has settled: the item on screen now is not the page's first. */
export const firstMediaSettledAlready = (): boolean => settled

/** Resolves once the first item has settled and the browser is idle; never rejects. */
export const afterFirstMedia = (): Promise<void> => firstMediaSettled.then(idle)

/** Marks the visitor's first vote of this page load (it opens afterFirstVoteOrQuiet); later calls change nothing. */
export const markFirstVote = (): void => voted()

/** True once afterFirstVoteOrQuiet has resolved. */
export const restOfQueueOpen = (): boolean => restOpen

/** Resolves once the visitor has voted, or QUIET_MS after the first item settled, in an idle period; never rejects. */
export const afterFirstVoteOrQuiet = (): Promise<void> => restGate
