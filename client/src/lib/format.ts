/** Display formats of the stats screen (public-visitor §9: sizes in MB with 1 decimal). */
import { format } from 'date-fns'
import { MB } from '@contract/media'

/** A size in bytes as "1.2 MB". */
export const formatMegabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

/** An ISO-8601 time as a local date such as "Nov 22, 2026". */
export const formatDate = (iso: string) => format(new Date(iso), 'PP')
