// `npm run users -- list | add <email> [password] | remove <email> | passwd <email> [password]`:
// manages the embedded provider's users in the data folder's database. A password left out is
// generated and printed once.
import process from 'node:process'
import { generatePassword } from '../../identity/provider/passwords.ts'
import { addUser, listUsers, removeUser, setPassword } from '../../identity/provider/users.ts'
import { parseConfig } from '../../parse-config.ts'
import { type DatabaseFiles, openDatabase } from '../../platform/db/open-database.ts'
import { restrictToOwner } from '../serve/owner-only.ts'

const USAGE = `Usage: npm run users -- <command>   (the single executable: ads-preview users <command>)
  list                      the users who can sign in
  add <email> [password]    a new user (a password is generated when left out)
  remove <email>            removes a user
  passwd <email> [password] sets a new password (generated when left out)`

export async function runUsersCommand(args: string[], files: DatabaseFiles = {}): Promise<number> {
  const [command, email, password] = args
  const config = parseConfig(process.env)
  restrictToOwner(config.dataDir)
  const db = await openDatabase(config, files)
  try {
    if (command === 'list') {
      const users = await listUsers(db)
      if (users.length === 0) console.log('No users yet: the first start creates one.')
      for (const user of users) console.log(`${user.email}\t${new Date(user.createdAt).toISOString()}`)
      return 0
    }
    if ((command === 'add' || command === 'passwd') && email) {
      const chosen = password ?? generatePassword()
      if (command === 'add') await addUser(db, email, chosen)
      else await setPassword(db, email, chosen)
      console.log(command === 'add' ? `Added ${email}.` : `Changed the password of ${email}.`)
      if (!password) console.log(`Password: ${chosen}`)
      return 0
    }
    if (command === 'remove' && email) {
      await removeUser(db, email)
      console.log(`Removed ${email}.`)
      return 0
    }
    console.error(USAGE)
    return 2
  } catch (error) {
    console.error((error as Error).message)
    return 1
  } finally {
    await db.close()
  }
}
