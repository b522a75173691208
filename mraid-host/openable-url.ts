/** What open() and playVideo() accept: an absolute URL that is not script. A string that is no
 *  URL ("buy now") fires an error, as the SDKs' native sides open only a parsed URL. */
export function isOpenableUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false
  try {
    return !/^(javascript|data|vbscript):/i.test(new URL(url).protocol)
  } catch {
    return false
  }
}
