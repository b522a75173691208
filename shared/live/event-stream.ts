// Reads server-sent events from a fetch body. The workbench cannot use EventSource: the stream
// needs the bearer header, which EventSource cannot send.

export interface StreamEvent {
  event: string
  data: string
  id?: string
}

/** The events of a text/event-stream body, as they arrive; comments and retry lines are skipped. */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  // (TextDecoderStream's writable is typed for any BufferSource; it takes bytes.)
  const decoder = new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>
  const reader = body.pipeThrough(decoder).getReader()
  let buffer = ''
  let current: Partial<StreamEvent> & { data?: string } = {}
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += value
      let newline = buffer.search(/\r\n|\r|\n/)
      while (newline >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
        if (line === '') {
          if (current.data !== undefined)
            yield {
              event: current.event ?? 'message',
              data: current.data,
              ...(current.id ? { id: current.id } : {}),
            }
          current = {}
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':')
          const field = colon < 0 ? line : line.slice(0, colon)
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
          if (field === 'data')
            current.data = current.data === undefined ? value : `${current.data}\n${value}`
          else if (field === 'event') current.event = value
          else if (field === 'id') current.id = value
        }
        newline = buffer.search(/\r\n|\r|\n/)
      }
    }
  } finally {
    reader.releaseLock()
  }
}
