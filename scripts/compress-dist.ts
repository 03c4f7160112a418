/**
 * Post-build step of `npm run build`: writes a brotli (`.br`) and a gzip (`.gz`) copy beside
 * every text asset of client/dist, so server/http/static-client.ts can answer `Accept-Encoding` without compressing
 * per request. Source maps are left out (only devtools read them); a copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** File endings that hold text and are worth compressing. */
const TEXT_FILE = /\.(js|mjs|css|html|webmanifest|json|svg|txt|xml)$/

/** Every file under dir, as absolute paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

/** Writes path.br (brotli, quality 11) and path.gz (gzip, level 9) for each text file under dir; returns how many files were compressed. */
export function compressDir(dir: string): number {
  const texts = filesUnder(dir).filter((path) => TEXT_FILE.test(path))
  for (const path of texts) {
    const bytes = readFileSync(path)
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    })
    const gz = gzipSync(bytes, { level: 9 })
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br)
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz)
  }
  return texts.length
}

if (import.meta.main) {
  const dist = join(import.meta.dir, '..', 'client', 'dist')
  console.log(`compressed ${compressDir(dist)} text files in client/dist (.br and .gz)`)
}
