/** The 404 page (public-visitor §2): '404 Page Not Found' with a way home. */
import { Link } from '@tanstack/react-router'

function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-zinc-400">There is nothing at this address.</p>
      <Link to="/" className="rounded-lg bg-rose-600 px-4 py-2 font-medium text-white hover:bg-rose-500">
        Go to Rate Photos
      </Link>
    </main>
  )
}

export { NotFound }
