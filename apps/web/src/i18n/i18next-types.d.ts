// The English texts are the reference: t() accepts only keys they hold, so a key missing from
// English fails the typecheck, and the texts tests hold the other languages to the same keys.
import 'i18next'

import type planTexts from './locales/en/account/plan.json'
import type profileTexts from './locales/en/account/profile.json'
import type adminAreaTexts from './locales/en/admin/admin.json'
import type builderAreaTexts from './locales/en/admin/builder.json'
import type catalogueTexts from './locales/en/catalogue.json'
import type commonTexts from './locales/en/common.json'
import type bulkTexts from './locales/en/generator/bulk.json'
import type generatorTexts from './locales/en/generator/generator.json'
import type historyTexts from './locales/en/generator/history.json'
import type homeTexts from './locales/en/home.json'
import type identityTexts from './locales/en/identity.json'
import type aboutTexts from './locales/en/info/about.json'
import type blogTexts from './locales/en/info/blog.json'
import type contactTexts from './locales/en/info/contact.json'
import type privacyTexts from './locales/en/info/privacy.json'
import type termsTexts from './locales/en/info/terms.json'
import type transactionTexts from './locales/en/info/transaction.json'
import type layoutTexts from './locales/en/layout.json'
import type offersTexts from './locales/en/offers.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: {
        common: typeof commonTexts
        layout: typeof layoutTexts
        home: typeof homeTexts
        catalogue: typeof catalogueTexts
        identity: typeof identityTexts
        offers: typeof offersTexts
      }
      generator: {
        generator: typeof generatorTexts
        history: typeof historyTexts
        bulk: typeof bulkTexts
      }
      account: {
        plan: typeof planTexts
        profile: typeof profileTexts
      }
      info: {
        about: typeof aboutTexts
        blog: typeof blogTexts
        contact: typeof contactTexts
        privacy: typeof privacyTexts
        terms: typeof termsTexts
        transaction: typeof transactionTexts
      }
      admin: {
        admin: typeof adminAreaTexts
        builder: typeof builderAreaTexts
      }
    }
  }
}
