/**
 * Client entry: starts the app (start.tsx) once the first picture the server wrote into the page has painted
 * (lib/first-picture-preview.ts), at once on a page without one. The app's code is asked for only then: on a slow
 * phone the picture's bytes do not share the connection with the app's script, so the picture shows about as soon as
 * it can, while the app is ready about as soon as before (both have the same bytes to fetch). A page without a preview
 * modulepreloads the app's chunks instead (server/features/first-screen). The browser's install offer is listened for
 * from the start, since it may come before the app has started. A start whose code cannot be fetched loads the page
 * again (lib/start-retry.ts).
 */
import { afterFirstPicturePreview } from './lib/first-picture-preview'
import { captureInstallPrompt } from './features/pwa/install-prompt'
import { reloadAfterFailedStart, startSucceeded } from './lib/start-retry'
// The stylesheet is the page's (a render-blocking link in its head): it places the preview before the app runs.
import './styles.css'

// Chromium may offer installing as soon as the page has loaded, which can be before the app has started.
captureInstallPrompt()
await afterFirstPicturePreview()
// React's own code is evaluated in a task of its own, then the rest of the app's: two shorter start-up tasks rather
// than one long one, so a tap meanwhile waits less (Total Blocking Time). Code that cannot be fetched loads the page
// again (lib/start-retry.ts).
try {
  await import('react-dom/client')
  await import('./start')
  startSucceeded()
} catch (error) {
  reloadAfterFailedStart(error)
}
