/**
 * The path guard (issue #10, crash-proof request handling): a path whose percent-encoding does not decode
 * (`/%E0%A4%A`, `/api/users/%ZZ/stats`) is answered 400 before any route sees it, instead of a URIError deep
 * in a handler turning into a logged 500.
 */
import { errorResponse } from './errors'
import { pathOf } from './url-path'

/** The message of the 400 for a malformed path. */
export const MALFORMED_PATH = 'Malformed percent-encoding in the path'

/** 400 JSON {error} when request's path does not percent-decode as UTF-8; undefined (carry on) otherwise. */
export function rejectMalformedPath(request: Request): Response | undefined {
  const path = pathOf(request.url)
  if (!path.includes('%')) return undefined
  try {
    decodeURIComponent(path)
    return undefined
  } catch {
    return errorResponse(400, { error: MALFORMED_PATH })
  }
}
