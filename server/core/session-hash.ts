/**
 * Session ids at rest (server-contract: Visitor session). The client makes its own id (public-visitor §9) and sends
 * it in clear; the database keeps only its SHA-256, so a copy of the database or a backup opens no session.
 */
import { randomBytes } from 'node:crypto'
import { SESSION_ID_LENGTH } from '../contract/session'

/**
 * The stored form of a session id: SHA-256 of its UTF-8 bytes, 64 lowercase hex digits. Bun's one-shot SHA-256, since
 * every visitor request hashes its cookie and node:crypto's createHash builds a hasher object per call.
 */
export const hashSessionId = (sessionId: string) => Bun.SHA256.hash(sessionId, 'hex')

/** A new random session id in the client's format: 32 base-36 characters holding 160 random bits. */
export const mintSessionId = () =>
  BigInt(`0x${randomBytes(20).toString('hex')}`)
    .toString(36)
    .padStart(SESSION_ID_LENGTH, '0')
