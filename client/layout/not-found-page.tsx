import { Link } from 'wouter'

export function NotFoundPage() {
  return (
    <section className="card narrow">
      <h1>404: not found</h1>
      <Link href="/main" className="button">
        Go back
      </Link>
    </section>
  )
}
