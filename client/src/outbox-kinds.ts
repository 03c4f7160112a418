/**
 * Every offline kind of the app, registered with the outbox (lib/offline/outbox-kinds.ts) by importing the feature
 * modules that define them. The app in the window (start.tsx) and the service worker (sw.ts) import this module, so both
 * can replay every stored item. A feature adding an offline kind adds its module here.
 */
import '@client/features/votes/outbox-kinds'
import '@client/features/upload/outbox-kind'
