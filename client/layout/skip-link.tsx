export const CONTENT_ID = 'content'

/** The first stop for the keyboard: past the top bar, straight to the page's content. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        // Focus moves without touching the URL's fragment (the login callback reads fragments).
        event.preventDefault()
        document.getElementById(CONTENT_ID)?.focus()
      }}
    >
      Skip to content
    </a>
  )
}
