import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'

import { MESSAGES, resendWaitMessage } from '@promptly/core/messages'

import arabicIdentity from '../i18n/locales/ar/identity.json'
import spanishIdentity from '../i18n/locales/es/identity.json'
import { testI18n } from '../i18n/testing.ts'
import { authMessage } from './auth-messages.ts'

const SERVER_ANSWERS = [
  MESSAGES.wrongCredentials,
  MESSAGES.emailTaken,
  MESSAGES.tooManyAttempts,
  MESSAGES.tooManySignUps,
  MESSAGES.tooManyResetRequests,
  MESSAGES.resetLinkInvalid,
  MESSAGES.currentPasswordWrong,
  MESSAGES.emailAlreadyVerified,
  MESSAGES.signInToContinue,
]

function instanceIn(language: 'es' | 'ar', identity: object) {
  const instance = createInstance()
  void instance.init({ lng: language, resources: { [language]: { translation: { identity } } }, initAsync: false })
  return instance
}

describe("the account endpoints' answers in the visitor's language", () => {
  it('are said in English exactly as the server words them', () => {
    for (const message of SERVER_ANSWERS) expect(authMessage(message, testI18n.t)).toBe(message)
    const weak = `${MESSAGES.weakPasswordPrefix}This is a top-10 common password.`
    expect(authMessage(weak, testI18n.t)).toBe(weak)
    expect(authMessage(resendWaitMessage(42), testI18n.t)).toBe(resendWaitMessage(42))
    expect(authMessage(resendWaitMessage(1), testI18n.t)).toBe('Please wait 1 second before asking for another e-mail')
  })

  it('are translated, each to its own words, with the seconds kept', () => {
    const spanish = instanceIn('es', spanishIdentity)
    const translated = SERVER_ANSWERS.map((message) => authMessage(message, spanish.t))
    for (const [index, text] of translated.entries()) expect(text).not.toBe(SERVER_ANSWERS[index])
    expect(new Set(translated).size).toBe(SERVER_ANSWERS.length)
    expect(authMessage(MESSAGES.wrongCredentials, spanish.t)).toBe('Correo electrónico o contraseña incorrectos')
    expect(authMessage(resendWaitMessage(42), spanish.t)).toBe('Espera 42 segundos antes de pedir otro correo')
    // The strength checker's English hint is not mixed into another language.
    const weak = authMessage(`${MESSAGES.weakPasswordPrefix}This is a top-10 common password.`, spanish.t)
    expect(weak).toMatch(/^Elige una contraseña más segura/)
    expect(weak).not.toContain('common password')

    const arabic = instanceIn('ar', arabicIdentity)
    expect(authMessage(resendWaitMessage(2), arabic.t)).toBe('يُرجى الانتظار ثانيتين قبل طلب رسالة أخرى')
  })

  it('shows an answer it does not know as it came', () => {
    const spanish = instanceIn('es', spanishIdentity)
    expect(authMessage('Something only the server knows', spanish.t)).toBe('Something only the server knows')
  })
})
