// Random access to a package's bytes, so a zip can be read from its central directory without
// holding the whole file in memory: a Uint8Array in tests, a File/Blob in the browser, a file
// handle or a ranged GET on the server.

export interface ByteSource {
  readonly size: number
  /** Reads exactly `length` bytes at `offset` (fewer only at the end of the source). */
  read(offset: number, length: number): Promise<Uint8Array>
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.byteLength)),
  }
}

/** A browser File or Blob (also works in Node 20, which has Blob). */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  }
}
