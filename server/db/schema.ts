/**
 * Drizzle tables for every HotVote entity (public-visitor §3, admin-back-office §3, server-contract).
 * Times are ISO-8601 UTC strings; booleans are SQLite integers in boolean mode.
 * These tables are not the API contract: services map rows to server/contract shapes.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

const createdAt = () => text('created_at').notNull()
const bool = (name: string) => integer(name, { mode: 'boolean' })

/** A visitor (anonymous or with a saved email), a synthetic voter made by population, or the system owner of imports. */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * A visitor: the SHA-256 hex of the session id that created the account (server/core/session-hash.ts), never the id
     * itself. A system or synthetic user, or a visitor logged out of that session: a tag holding ':' (server/db/system-session-ids.ts)
     * that no session hashes to.
     */
    sessionId: text('session_id').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    emailVerified: bool('email_verified').notNull().default(false),
    latitude: real('latitude'),
    longitude: real('longitude'),
    createdAt: createdAt(),
    lastLoginAt: text('last_login_at'),
    loginCount: integer('login_count').notNull().default(0),
    /** Made by vote population (admin §9); shown with a badge, never a real visitor. */
    isSynthetic: bool('is_synthetic').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_session_id_unique').on(t.sessionId),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    // Only a verified email is unique: an address someone typed but never verified must not lock out its owner.
    uniqueIndex('users_verified_email_unique').on(t.email).where(sql`${t.emailVerified} = 1`),
    index('users_email_idx').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
  ],
)

/**
 * A further session of a visitor: a magic link opened in another browser gives that browser a new session id, whose
 * SHA-256 hex is kept here (users.session_id holds the account's first one). Deleted with the user.
 */
export const userSessions = sqliteTable(
  'user_sessions',
  {
    sessionHash: text('session_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_id_idx').on(t.userId)],
)

/** One WebP display variant of a media item: width and height in px, size in bytes. */
export type StoredVariant = { width: number; height: number; size: number }

/** An uploaded or imported photo or video; the bytes live in the bucket under storageKey. */
export const media = sqliteTable(
  'media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 (hex) of the bytes the visitor sent, or of the object the bucket import found: the upload's duplicate check (409). */
    sha256: text('sha256').notNull(),
    /**
     * SHA-256 (hex) of the object the server stored under storageKey (the media pipeline's stripped copy): what the
     * bucket's duplicate scan and the import compare objects with. Null for rows stored before it until the first scan
     * or import hashes their object.
     */
    storedSha256: text('stored_sha256'),
    uploadedAt: text('uploaded_at').notNull(),
    /** Set while a resolved DMCA takedown names this item or it is hidden as a near copy: hidden from voting (server-contract: Admin API). */
    hiddenAt: text('hidden_at'),
    /**
     * Set while the item is hidden as a near copy an admin decided against (admin-back-office §6 Near duplicates):
     * hiddenAt stays set while this is set, whatever its takedowns say, until an admin shows the item again.
     */
    hiddenAsCopyAt: text('hidden_as_copy_at'),
    /** Video length in ms; null for images and unreadable videos. */
    durationMs: integer('duration_ms'),
    /**
     * Frames of an image as the media pipeline counted them: 1 for a still image; more for an animation, whose still
     * poster (its first frame) is stored under `<stem>/poster.webp`. Null for videos and for images processed before
     * the pipeline counted frames (`hotvote media reprocess` counts them for GIF and WebP items).
     */
    frames: integer('frames'),
    /** Thumbhash of the displayed image or poster, base64; null until processed. */
    placeholder: text('placeholder'),
    /**
     * An image's WebP display variants stored under `<stem>/w<width>.webp`, narrowest first; a video's small rendition
     * `<stem>/small.mp4` (one entry; empty when its encode failed or before renditions existed, null when it would not
     * be smaller than the video); null until processed.
     */
    variants: text('variants', { mode: 'json' }).$type<StoredVariant[]>(),
    /** When the media pipeline last made this item's stripped copy, variants and poster; null for media stored before it. */
    processedAt: text('processed_at'),
    /**
     * Perceptual hash (16 hex digits, a 64-bit DCT pHash) of the displayed image, an animation's poster or a video's
     * poster frame (docs/media-pipeline.md > Near duplicates); null until the media pipeline hashes it.
     */
    phash: text('phash'),
    /** The phash's four 16-bit bands (0-65535), most significant first, each indexed: the near-duplicate lookups probe them. */
    phashBand0: integer('phash_band0'),
    phashBand1: integer('phash_band1'),
    phashBand2: integer('phash_band2'),
    phashBand3: integer('phash_band3'),
    /**
     * The id of the older item this upload or import is a near copy of (within NEAR_DUPLICATE_DISTANCE), shown to the
     * admin until they keep one, hide or delete the copies, or dismiss the group; null otherwise.
     */
    nearDuplicateOf: integer('near_duplicate_of'),
    /** Votes on this item and how many are Hot, kept by triggers on votes in the same transaction (drizzle/sqlite/0004_vote_counter_triggers.sql). */
    totalVotes: integer('total_votes').notNull().default(0),
    hotVotes: integer('hot_votes').notNull().default(0),
  },
  (t) => [
    uniqueIndex('media_storage_key_unique').on(t.storageKey),
    uniqueIndex('media_sha256_unique').on(t.sha256),
    index('media_stored_sha256_idx').on(t.storedSha256),
    index('media_user_id_idx').on(t.userId),
    index('media_processed_at_idx').on(t.processedAt),
    index('media_phash_band0_idx').on(t.phashBand0),
    index('media_phash_band1_idx').on(t.phashBand1),
    index('media_phash_band2_idx').on(t.phashBand2),
    index('media_phash_band3_idx').on(t.phashBand3),
    index('media_near_duplicate_of_idx').on(t.nearDuplicateOf),
  ],
)

/** One Hot/Not vote; at most one per user and media item. */
export const votes = sqliteTable(
  'votes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    isHot: bool('is_hot').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('votes_user_media_unique').on(t.userId, t.mediaId),
    // Covering index: vote counts per item never touch the table.
    index('votes_media_hot_idx').on(t.mediaId, t.isHot),
  ],
)

/** One recorded view per user and media item. */
export const views = sqliteTable(
  'views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('views_user_media_unique').on(t.userId, t.mediaId), index('views_media_idx').on(t.mediaId)],
)

/**
 * A pair of items the admin decided on (mediaIdLow < mediaIdHigh): dismissed as not near duplicates of each other,
 * or one kept and the other hidden. The near-duplicate scan never joins them again; the pair goes with either item.
 */
export const nearDuplicateDismissals = sqliteTable(
  'near_duplicate_dismissals',
  {
    mediaIdLow: integer('media_id_low')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    mediaIdHigh: integer('media_id_high')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    dismissedAt: text('dismissed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'near_duplicate_dismissals_pkey', columns: [t.mediaIdLow, t.mediaIdHigh] }),
    index('near_duplicate_dismissals_high_idx').on(t.mediaIdHigh),
  ],
)

/** The stored answer of a request sent with an Idempotency-Key, replayed on a repeat (offline outbox). */
export const idempotencyKeys = sqliteTable('idempotency_keys', {
  key: text('key').primaryKey(),
  userId: integer('user_id').notNull(),
  status: integer('status').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
})

/** A magic-link token: only its SHA-256 is kept; single use; 15 minutes (server-contract: Email and magic links). */
export const magicLinkTokens = sqliteTable(
  'magic_link_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull(),
    /** 'save': verify this user's email; 'login': switch to the user owning the email. */
    purpose: text('purpose', { enum: ['save', 'login'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    clientAddress: text('client_address').notNull(),
    /** SHA-256 hex of the session that asked for the link; null when it was asked without one. Only that session completes it without a click. */
    sessionHash: text('session_hash'),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('magic_link_tokens_hash_unique').on(t.tokenHash),
    index('magic_link_tokens_email_idx').on(t.email, t.createdAt),
    index('magic_link_tokens_client_idx').on(t.clientAddress, t.createdAt),
  ],
)

/** An email left in the email-capture modal. */
export const emailCaptures = sqliteTable('email_captures', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull(),
  /** SHA-256 hex of the session that left it (server/core/session-hash.ts). */
  sessionId: text('session_id').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

/** Single-row configuration (id = 1): how displayed vote totals are multiplied. */
export const voteMultiplierConfig = sqliteTable('vote_multiplier_config', {
  id: integer('id').primaryKey(),
  isEnabled: bool('is_enabled').notNull(),
  multiplier: real('multiplier').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** Single-row configuration (id = 1): the email-capture prompt. */
export const emailCaptureConfig = sqliteTable('email_capture_config', {
  id: integer('id').primaryKey(),
  isEnabled: bool('is_enabled').notNull(),
  voteThreshold: integer('vote_threshold').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** Ad code per zone (only zone1 is used by the client). */
export const adZoneConfigs = sqliteTable('ad_zone_configs', {
  zoneId: text('zone_id').primaryKey(),
  zoneName: text('zone_name').notNull(),
  adCode: text('ad_code').notNull(),
  isActive: bool('is_active').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** Single-row configuration (id = 1): the skip button on the rate screen. */
export const skipButtonConfig = sqliteTable('skip_button_config', {
  id: integer('id').primaryKey(),
  zoneName: text('zone_name').notNull(),
  buttonText: text('button_text').notNull(),
  buttonUrl: text('button_url').notNull(),
  isActive: bool('is_active').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** Idle redirect settings; every save adds a row, the newest is current (history). */
export const idleRedirectConfigs = sqliteTable('idle_redirect_configs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  idleRedirectTime: integer('idle_redirect_time').notNull(),
  idleRedirectUrl: text('idle_redirect_url').notNull(),
  isActive: bool('is_active').notNull(),
  createdAt: createdAt(),
})

/** Back-button redirect settings; every save adds a row, the newest is current (history). */
export const backButtonConfigs = sqliteTable('back_button_configs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  backButtonUrl: text('back_button_url').notNull(),
  isActive: bool('is_active').notNull(),
  createdAt: createdAt(),
})

/** A copyright takedown request (public-visitor §3, admin-back-office §3). */
export const dmcaTakedowns = sqliteTable(
  'dmca_takedowns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    referenceNumber: text('reference_number').notNull(),
    status: text('status', { enum: ['pending', 'reviewed', 'resolved', 'rejected'] }).notNull(),
    complainantName: text('complainant_name').notNull(),
    complainantEmail: text('complainant_email').notNull(),
    complainantPhone: text('complainant_phone'),
    complainantAddress: text('complainant_address'),
    copyrightOwner: text('copyright_owner').notNull(),
    workDescription: text('work_description').notNull(),
    infringementDescription: text('infringement_description').notNull(),
    /** JSON-encoded array of URLs. */
    infringingUrls: text('infringing_urls').notNull(),
    electronicSignature: text('electronic_signature').notNull(),
    goodFaithStatement: bool('good_faith_statement').notNull(),
    accuracyStatement: bool('accuracy_statement').notNull(),
    adminNotes: text('admin_notes').notNull().default(''),
    mediaId: integer('media_id'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('dmca_reference_unique').on(t.referenceNumber), index('dmca_status_idx').on(t.status)],
)

/** One audit event (admin-back-office §3: ten event types); context is JSON text. */
export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    event: text('event').notNull(),
    timestamp: text('timestamp').notNull(),
    context: text('context').notNull(),
  },
  (t) => [
    // Superseded by audit_logs_event_id_idx; dropped once no instance of the release before it runs (migrations only add during a rolling upgrade).
    index('audit_logs_event_idx').on(t.event),
    // (event, id): the audit list filtered by event reads a page newest first after a cursor's id straight from the index.
    index('audit_logs_event_id_idx').on(t.event, t.id),
    index('audit_logs_timestamp_idx').on(t.timestamp),
  ],
)

/** Single-row state (id = 1) of the resumable vote population (server-contract: Admin API). */
export const votePopulationState = sqliteTable('vote_population_state', {
  id: integer('id').primaryKey(),
  /** Every media id up to this one has its synthetic votes. */
  lastMediaId: integer('last_media_id').notNull(),
  mediaProcessed: integer('media_processed').notNull(),
  totalVotesInserted: integer('total_votes_inserted').notNull(),
  hotVotesInserted: integer('hot_votes_inserted').notNull(),
  usersCreated: integer('users_created').notNull(),
  firstUserId: integer('first_user_id'),
  lastUserId: integer('last_user_id'),
  completedAt: text('completed_at'),
  updatedAt: text('updated_at').notNull(),
})

/**
 * A rate-limit counter shared by every instance (docs/operations.md > Limits): attempts of `key` under
 * the limit `name` in the window that ends at expiresAt (ISO-8601; a lockout moves it later). An expired row counts
 * as zero and is reset by the next attempt; expired rows are pruned in batches.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  { name: text('name').notNull(), key: text('key').notNull(), count: integer('count').notNull(), expiresAt: text('expires_at').notNull() },
  (t) => [primaryKey({ name: 'rate_limits_pkey', columns: [t.name, t.key] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
)

/** A live admin token: only its SHA-256 (hex) is kept, until expiresAt (ISO-8601) or Logout deletes it. */
export const adminTokens = sqliteTable(
  'admin_tokens',
  { tokenHash: text('token_hash').primaryKey(), expiresAt: text('expires_at').notNull() },
  (t) => [index('admin_tokens_expires_at_idx').on(t.expiresAt)],
)

/** Bytes of a visitor's upload in progress, held against its quota until the upload ends or expiresAt (ISO-8601) passes. */
export const uploadHolds = sqliteTable(
  'upload_holds',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    bytes: integer('bytes').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('upload_holds_user_id_idx').on(t.userId), index('upload_holds_expires_at_idx').on(t.expiresAt)],
)

/** An Idempotency-Key whose first request is still running (its answer not stored yet), claimed until expiresAt (ISO-8601). */
export const idempotencyClaims = sqliteTable('idempotency_claims', {
  key: text('key').primaryKey(),
  expiresAt: text('expires_at').notNull(),
})

/**
 * A resumable (tus) upload of a visitor, from its creation until it expires or its outcome is collected: the declared
 * file (name, type, length in bytes), its expiry (ISO-8601), state `receiving`, `processing`, `done` or `terminated` (while processed), the stored
 * answer once done (HTTP status and JSON body), and the lock one request at a time holds on it across instances
 * (holder, expiry ISO-8601, and whether another request asked the holder to let go).
 */
export const resumableUploads = sqliteTable(
  'resumable_uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    expiresAt: text('expires_at').notNull(),
    state: text('state').notNull(),
    answerStatus: integer('answer_status'),
    answerBody: text('answer_body'),
    lockHolder: text('lock_holder'),
    lockExpiresAt: text('lock_expires_at'),
    releaseRequested: integer('release_requested').notNull().default(0),
  },
  (t) => [index('resumable_uploads_expires_at_idx').on(t.expiresAt)],
)

/** A job running on some instance (export, import, purge, reset, population, reprocess), held until expiresAt (ISO-8601). */
export const jobLocks = sqliteTable('job_locks', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: text('expires_at').notNull(),
})

/** A secret the instances share, such as the SHA-256 of the generated admin password. */
export const appSecrets = sqliteTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
