import { act, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { ADA, identityOf } from '../test/render.tsx'
import { LOADING_IDENTITY, useIdentity, type Identity } from './identity-context.ts'
import { ProvideIdentity, useIdentityReader } from './ProvideIdentity.tsx'

/** A bookmark-like control: renders the same for everyone, reads the identity when pressed. */
function Pressable({ onRender }: { onRender: () => void }) {
  onRender()
  const identity = useIdentityReader()
  const [said, setSaid] = useState('')
  return (
    <button type="button" onClick={() => setSaid(identity().status)}>
      {said || 'press'}
    </button>
  )
}

function Status() {
  return <output>{useIdentity().status}</output>
}

function renderWith(identity: Identity, onRender: () => void) {
  // The same children on every render, as the app's providers pass theirs down.
  const page = (
    <>
      <Pressable onRender={onRender} />
      <Status />
    </>
  )
  const tree = (value: Identity) => <ProvideIdentity value={value}>{page}</ProvideIdentity>
  const view = render(tree(identity))
  return { change: (next: Identity) => view.rerender(tree(next)) }
}

describe('ProvideIdentity', () => {
  it('hands a press the identity of that moment without re-rendering the control', async () => {
    let renders = 0
    const { change } = renderWith(LOADING_IDENTITY, () => (renders += 1))
    const rendersBefore = renders

    change(identityOf({ user: null }))
    expect(await screen.findByText('signed-out')).toBeInTheDocument()
    change(identityOf({ user: ADA }))
    expect(await screen.findByText('signed-in')).toBeInTheDocument()

    act(() => screen.getByRole('button').click())
    expect(screen.getByRole('button')).toHaveTextContent('signed-in')
    // Only the press re-rendered it (its own state), not the identity's two changes.
    expect(renders).toBe(rendersBefore + 1)
  })

  it('shows a sign-out to the page in the same render, once the first answer is in', () => {
    const { change } = renderWith(identityOf({ user: ADA }), () => undefined)
    expect(screen.getByRole('status')).toHaveTextContent('signed-in')
    act(() => change(identityOf({ user: null })))
    expect(screen.getByRole('status')).toHaveTextContent('signed-out')
  })
})
