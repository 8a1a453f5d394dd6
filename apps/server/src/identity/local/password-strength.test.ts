import { describe, expect, it } from 'vitest'

import { judgePasswordStrength, MIN_PASSWORD_SCORE } from './password-strength.ts'

describe('password strength', () => {
  it('refuses common and guessable passwords with zxcvbn’s own hint', async () => {
    expect(MIN_PASSWORD_SCORE).toBe(3)
    expect(await judgePasswordStrength('password123')).toEqual({
      ok: false,
      message: 'Choose a stronger password: This is a commonly used password.',
    })
    for (const weak of ['correct', 'qwertyuiop', '11111111', 'password one', 'iloveyou2']) {
      expect((await judgePasswordStrength(weak)).ok, weak).toBe(false)
    }
  })

  it('accepts long unusual phrases', async () => {
    for (const strong of ['correct horse battery staple', 'kettle-orbit-glacier-42', 'a much better secret']) {
      expect(await judgePasswordStrength(strong), strong).toEqual({ ok: true })
    }
  })

  it("counts the account's own name and address as known words", async () => {
    const account = ['Zorbin Quillmaker', 'zorbin.quillmaker@example.com']
    expect(await judgePasswordStrength('zorbin quillmaker')).toEqual({ ok: true })
    expect(await judgePasswordStrength('zorbin quillmaker', account)).toEqual({
      ok: false,
      message: 'Choose a stronger password: There should not be any personal or page related data.',
    })
  })
})
