// One line per bad variable: its name, the value given, and what was expected, so the fix can be
// typed from the message alone: `PORT=abc: expected a port number from 1 to 65535, ...`.
// Passwords are not printed (the line goes to the log): a variable named for a secret shows no
// value, and the password inside a URL (DATABASE_URL, SMTP_URL) is masked.

const SECRET_NAME = /PASSWORD|SECRET/
const URL_PASSWORD = /(\/\/[^/@:\s]*:)[^/@\s]*@/
/** Past this a value is cut: enough to recognise it in a line that stays readable. */
const SHOWN_LENGTH = 80

function shown(value: string): string {
  const masked = value.replace(URL_PASSWORD, '$1***@')
  const cut = masked.length > SHOWN_LENGTH ? `${masked.slice(0, SHOWN_LENGTH)}…` : masked
  return /\s|^$/.test(cut) || cut.includes('"') ? JSON.stringify(cut) : cut
}

export function problemLine(name: string, value: string | undefined, message: string): string {
  if (value === undefined || value === '') return `${name}: ${message}`
  if (SECRET_NAME.test(name)) return `${name} (value not shown): ${message}`
  return `${name}=${shown(value)}: ${message}`
}
