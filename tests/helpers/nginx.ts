// nginx run by a test: a minimal nginx.conf of our own (the machine's is not ours to touch)
// that includes the given site, under `prefix`, in the foreground; stopped with SIGQUIT.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export function nginxTest(prefix: string) {
  return spawnSync('nginx', ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' })
}

/** Starts nginx with `site` and waits until `readyUrl` answers (any status but a refusal). */
export async function startNginx(prefix: string, site: string, isReady: () => Promise<boolean>) {
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true })
  fs.writeFileSync(path.join(prefix, 'site.conf'), site)
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log;\nuser root;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n  include ${prefix}/site.conf;\n}\n`,
  )
  const nginx = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  })
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await isReady().catch(() => false)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    pid: nginx.pid!,
    stop() {
      if (nginx.exitCode === null) nginx.kill('SIGQUIT')
    },
  }
}
