import { testI18n } from '../../../i18n/testing.ts'
import { formatsFor } from '../../../i18n/useFormat.ts'
import type { AdminText } from '../useAdminText.ts'

/** The console's English texts and formats, for tests of the helpers that build sentences. */
export const ENGLISH_ADMIN_TEXT: AdminText = { t: testI18n.getFixedT('en', 'admin'), format: formatsFor('en') }
