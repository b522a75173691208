import { describe, expect, it } from 'vitest'
import { TARGET_PROFILES } from '../../shared/targets/profiles/index.ts'
import { readListView, writeListView } from './list-view.ts'

const KNOWN = TARGET_PROFILES.map((profile) => profile.id)

describe('the list view in the address', () => {
  it('reads defaults from an empty address and writes nothing for them', () => {
    const view = readListView(new URLSearchParams(), KNOWN)
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
      KNOWN,
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
        KNOWN,
      ),
    ).toMatchObject({ sort: 'created', order: 'desc', verdict: '', target: '', review: '' })
  })
})
