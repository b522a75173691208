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

/** The machine's nginx version, as [major, minor, patch]. */
export function nginxVersion(): [number, number, number] {
  const printed = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr
  const [, major, minor, patch] = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(printed) ?? []
  return [Number(major), Number(minor), Number(patch)]
}

/** The documented cache folder of docs/self-hosting.md's site. */
export const SITE_CACHE_PATH = '/var/cache/nginx-ads-preview'

/**
 * docs/self-hosting.md's site in the form this nginx takes: as written from 1.25.1 on, and with
 * the page's older `listen` line (`file=nginx-before-1.25.1-listen`) instead of `http2 on;` before.
 */
export function siteForThisNginx(site: string, oldListen: string): string {
  const [major, minor, patch] = nginxVersion()
  const takesHttp2On = major > 1 || minor > 25 || (minor === 25 && patch >= 1)
  if (takesHttp2On) return site
  const modern = /^ *listen 443 ssl;\n *http2 on;\n/m
  if (!modern.test(site))
    throw new Error("docs/self-hosting.md's site no longer has `listen 443 ssl;` + `http2 on;`")
  return site.replace(modern, oldListen)
}
