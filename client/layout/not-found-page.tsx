import { Link } from 'wouter'

export function NotFoundPage() {
  return (
    <section className="card narrow">
      <h2>404: not found</h2>
      <Link href="/main" className="button">
        Go back
      </Link>
    </section>
  )
}
