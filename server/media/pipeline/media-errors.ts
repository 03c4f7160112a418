/** The ways the media pipeline refuses a file or a job; the callers map them to answers (server-contract: POST /api/media/upload). */

/** The file could not be decoded as the type its magic bytes name (sharp or ffmpeg refused it). */
export class UnreadableMediaError extends Error {}

/** The file is readable but over a pipeline limit (413: frames, pixels) or in a form the site does not serve (415: a video codec); message: for the visitor. */
export class RefusedMediaError extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message)
  }
}

/** The pipeline queue is full; retryAfterSeconds: when to try again. */
export class PipelineBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy processing other uploads; try again shortly')
  }
}

/** A stripped output still holds a metadata block (strip-metadata.ts found it): nothing of the item is stored, and the upload fails with 500. */
export class MetadataLeftError extends Error {}

/** The pipeline's child process died during a job (a crash, the system's out-of-memory killer): the job fails with 500, the next one gets a fresh child. */
export class PipelineCrashedError extends Error {}
