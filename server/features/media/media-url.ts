/** The URL a stored object is served at (server-contract: url of a media item). */
export const MEDIA_FILE_PREFIX = '/api/media/file/'

/** The public URL of a storage key, e.g. /api/media/file/media/2026/11/<uuid>.jpg. */
export const mediaUrl = (storageKey: string) => `${MEDIA_FILE_PREFIX}${storageKey}`
