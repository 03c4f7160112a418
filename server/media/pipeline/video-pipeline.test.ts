/**
 * The video pipeline's small rendition: for every fixture video, processVideo writes an H.264 MP4 (AAC audio when the
 * video has sound) that fits in SMALL_VIDEO_MAX_SIDE px square at the video's aspect ratio, with its moov first, fewer
 * bytes than the stripped copy and no metadata box; a tagged video's rendition carries none of its tags; a rendition
 * that would not be smaller is not kept; and a video whose rendition cannot be encoded is still processed, without one.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeSmallVideo, processVideo, SMALL_VIDEO_MAX_SIDE } from './video-pipeline'
import { mp4MetadataIn } from './strip-metadata'
import { boxesIn } from './mp4-facts'
import { FIXTURES_DIR } from '../../../tests/support/builders'
import { MP4_TAG_STYLES, TAG_TEXTS, taggedMp4 } from '../../../tests/support/tagged-media'

const scratch = mkdtempSync(join(tmpdir(), 'hotvote-small-video-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const FIXTURE_VIDEOS = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.mp4'))

/** ffprobe's streams (codec, size) of the MP4 at path. */
async function streamsOf(path: string): Promise<{ codec_name: string; width?: number; height?: number }[]> {
  const proc = Bun.spawn(['ffprobe', '-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', path], {
    stdout: 'pipe',
  })
  return ((await new Response(proc.stdout).json()) as { streams: { codec_name: string; width?: number; height?: number }[] }).streams
}

/** The types of the top-level boxes of the MP4 at path, in file order. */
async function topLevelBoxes(path: string): Promise<string[]> {
  const bytes = await Bun.file(path).bytes()
  return [...boxesIn(new DataView(bytes.buffer), 0, bytes.length)].map((b) => b.type)
}

/** Runs the ffmpeg on PATH; throws with its stderr on failure. */
async function ffmpeg(args: string[]) {
  const proc = Bun.spawn(['ffmpeg', '-hide_banner', '-v', 'error', ...args], { stderr: 'pipe' })
  if ((await proc.exited) !== 0) throw new Error(await new Response(proc.stderr).text())
}

describe.each(FIXTURE_VIDEOS.map((name) => ({ name })))('the small rendition of $name', ({ name }) => {
  it('is an H.264 MP4 that fits the box at its aspect ratio, starts with its moov, is smaller than the copy and holds no metadata', async () => {
    const source = join(FIXTURES_DIR, name)
    const stripped = join(scratch, `stripped-${name}`)
    const small = join(scratch, `small-${name}`)
    const video = await processVideo(source, stripped, small, 60)
    expect(video.smallFailed).toBeNull()
    expect(video.small).not.toBeNull()
    const { width, height, size } = video.small!
    expect(size).toBe(Bun.file(small).size)
    expect(size).toBeLessThan(Bun.file(stripped).size)
    expect(Math.max(width, height)).toBeLessThanOrEqual(SMALL_VIDEO_MAX_SIDE)
    expect(Math.abs(width / height - video.width / video.height)).toBeLessThan(0.02)
    const sourceStreams = (await streamsOf(source)).map((s) => s.codec_name)
    const streams = await streamsOf(small)
    expect(streams.map((s) => s.codec_name)).toEqual(sourceStreams.includes('aac') ? ['h264', 'aac'] : ['h264'])
    expect([streams[0].width, streams[0].height]).toEqual([width, height])
    expect((await topLevelBoxes(small)).slice(0, 2)).toEqual(['ftyp', 'moov'])
    expect(await mp4MetadataIn(small)).toEqual([])
  })
})

describe.each(MP4_TAG_STYLES.map((style) => ({ style })))('the small rendition of an MP4 tagged the $style way', ({ style }) => {
  it('carries none of its tags, even when encoded from the tagged file itself', async () => {
    const tagged = await taggedMp4(scratch, style)
    const small = join(scratch, `small-tagged-${style}.mp4`)
    expect(await encodeSmallVideo(tagged, small, Bun.file(tagged).size, 60)).not.toBeNull()
    expect(await mp4MetadataIn(small)).toEqual([])
    const bytes = Buffer.from(await Bun.file(small).bytes())
    for (const text of Object.values(TAG_TEXTS)) expect(bytes.includes(Buffer.from(text, 'latin1'))).toBe(false)
  })
})

describe('a video without a small rendition', () => {
  it('keeps none that is not smaller than the copy', async () => {
    const small = join(scratch, 'not-smaller.mp4')
    expect(await encodeSmallVideo(join(FIXTURES_DIR, FIXTURE_VIDEOS[0]), small, 1000, 60)).toBeNull()
    expect(existsSync(small)).toBe(false)
  })

  it('is still processed when its rendition cannot be encoded (DTS audio, a decoder the encode does not open)', async () => {
    const dts = join(scratch, 'dts-audio.mp4')
    const source = join(FIXTURES_DIR, 'flowers-crossfade-tone.mp4')
    await ffmpeg(['-i', source, '-c:v', 'copy', '-c:a', 'dca', '-strict', '-2', '-f', 'mp4', '-y', dts])
    const video = await processVideo(dts, join(scratch, 'dts-stripped.mp4'), join(scratch, 'dts-small.mp4'), 60)
    expect(video.small).toBeNull()
    expect(video.smallFailed).toMatch(/not on whitelist/)
    expect([video.width, video.height, video.poster.bytes.length > 0]).toEqual([854, 480, true])
  })
})
