import type { Package } from '../../shared/api.ts'

/** A package as people tell its versions apart, in messages and accessible names. */
export function packageLabel(pkg: Pick<Package, 'filename' | 'filename_version'>): string {
  return pkg.filename_version > 1 ? `${pkg.filename} (version ${pkg.filename_version})` : pkg.filename
}
