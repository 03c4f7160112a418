/**
 * The ffmpeg the video pipeline runs and how it runs it (ffmpeg's security advice: probe, whitelist, limit). The
 * ffmpeg on PATH is preferred (a distribution's, which gets security fixes); the build bundled by
 * @ffmpeg-installer/ffmpeg (4.1, 2018) is only the embedded default, and the server warns at start when it uses it.
 * Each run is a child process that reads local files only (`-protocol_whitelist file`), under a CPU-time and an
 * address-space limit (`ulimit -t`, `ulimit -v`), and is killed (SIGKILL) when it outlives its wall-clock timeout.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'

/** Address space an ffmpeg run may use, bytes: one decoded 8K frame and its buffers fit many times over. */
const FFMPEG_MAX_MEMORY_BYTES = 1024 * 1024 * 1024

/** The ffmpeg binary: the one on PATH, else the bundled one (bundled: true). */
export const ffmpegBinary: { path: string; bundled: boolean } = (() => {
  const onPath = Bun.which('ffmpeg')
  return onPath ? { path: onPath, bundled: false } : { path: ffmpegInstaller.path, bundled: true }
})()

/** The start-up warning when the bundled ffmpeg is used, else undefined. */
export const bundledFfmpegWarning = () =>
  ffmpegBinary.bundled
    ? `hotvote: warning: no ffmpeg on PATH, videos are processed by the bundled ffmpeg ${ffmpegInstaller.version} (2018, no security fixes); install your system's ffmpeg (apt-get install ffmpeg)`
    : undefined

/**
 * Runs ffmpeg with args (input options first: the whitelist applies to the inputs after it) for at most timeoutSeconds
 * of wall-clock and CPU time; resolves to its stdout bytes, throws with its stderr when it fails or is killed.
 */
export async function runFfmpeg(args: string[], timeoutSeconds: number): Promise<Uint8Array> {
  const limits = `ulimit -t ${timeoutSeconds} && ulimit -v ${FFMPEG_MAX_MEMORY_BYTES / 1024} && exec "$@"`
  const proc = Bun.spawn(
    ['/bin/sh', '-c', limits, 'sh', ffmpegBinary.path, '-hide_banner', '-v', 'error', '-nostdin', '-protocol_whitelist', 'file', ...args],
    {
      stdout: 'pipe',
      stderr: 'pipe',
      stdin: 'ignore',
      timeout: timeoutSeconds * 1000,
      killSignal: 'SIGKILL',
    },
  )
  const [out, err, code] = await Promise.all([new Response(proc.stdout).bytes(), new Response(proc.stderr).text(), proc.exited])
  if (proc.signalCode) throw new Error(`ffmpeg was stopped by ${proc.signalCode} (limit ${timeoutSeconds} s)`)
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${err.trim().slice(0, 500)}`)
  return out
}
