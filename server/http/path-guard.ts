/**
 * The path guard (crash-proof request handling): a path whose percent-encoding does not decode
 * (`/%E0%A4%A`, `/api/users/%ZZ/stats`) or decodes to a control character (`/%00`, `/a%0Ab`) is answered 400
 * before any route sees it, instead of a URIError or a file-system error deep in a handler turning into a logged 500.
 */
import { HttpError } from './errors'

/** The message of the 400 for a malformed path. */
export const MALFORMED_PATH = 'Malformed percent-encoding in the path'

/** C0 controls (NUL included) and DEL: never part of a route or a file name the server serves. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/** Throws HttpError 400 when a request's path (pathOf its URL) does not percent-decode as UTF-8 or decodes to a control character. */
export function rejectMalformedPath(path: string): void {
  if (!path.includes('%')) return
  try {
    if (!CONTROL_CHARACTER.test(decodeURIComponent(path))) return
  } catch {
    // not UTF-8: refused below
  }
  throw new HttpError(400, MALFORMED_PATH)
}
