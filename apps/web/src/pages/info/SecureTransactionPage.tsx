import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

export function SecureTransactionPage() {
  return (
    <StaticPage title="Secure Transaction Policy">
      <Section title="Card payments">
        <Paragraph>
          Credit packs are paid through our card payment provider’s hosted checkout. Your card details are entered on
          the provider’s secure page and never reach or stay on Promptly’s servers.
        </Paragraph>
      </Section>
      <Section title="Protection">
        <Paragraph>
          All traffic is encrypted with HTTPS. The price you pay is set by our server, and credits are added only after
          the payment provider confirms the payment.
        </Paragraph>
      </Section>
      <Section title="Records and questions">
        <Paragraph>
          Each purchase appears in the transaction history on your profile. If a charge looks wrong, write to{' '}
          {SITE.contact.email} with the date and amount and we will look into it.
        </Paragraph>
      </Section>
    </StaticPage>
  )
}
