import { describe, expect, it } from 'vitest'
import { readListView, writeListView } from './list-view.ts'

describe('the list view in the address', () => {
  it('reads defaults from an empty address and writes nothing for them', () => {
    const view = readListView(new URLSearchParams())
    expect(view).toEqual({
      search: '',
      sort: 'created',
      order: 'desc',
      adSize: '',
      verdict: '',
      target: '',
      review: '',
    })
    expect(writeListView(view).toString()).toBe('')
  })

  it('keeps what differs, with each sort starting in its own order', () => {
    const view = readListView(
      new URLSearchParams(
        'search=spring&sort=name&adSize=300x250&verdict=fail&target=applovin&review=approved',
      ),
    )
    expect(view).toEqual({
      search: 'spring',
      sort: 'name',
      order: 'asc',
      adSize: '300x250',
      verdict: 'fail',
      target: 'applovin',
      review: 'approved',
    })
    expect(writeListView({ ...view, order: 'desc' }).toString()).toBe(
      'search=spring&sort=name&order=desc&adSize=300x250&verdict=fail&target=applovin&review=approved',
    )
    // A target narrows a verdict, and is left out without one.
    expect(writeListView({ ...view, verdict: '', review: '' }).toString()).toBe(
      'search=spring&sort=name&adSize=300x250',
    )
  })

  it('ignores values it does not know', () => {
    expect(
      readListView(
        new URLSearchParams('sort=colour&order=sideways&verdict=maybe&target=nowhere&review=soon'),
      ),
    ).toMatchObject({ sort: 'created', order: 'desc', verdict: '', target: '', review: '' })
  })
})
