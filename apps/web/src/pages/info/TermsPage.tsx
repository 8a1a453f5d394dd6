import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

export function TermsPage() {
  const company = SITE.legalEntity
  return (
    <StaticPage title="Terms of Service" lead={`These terms govern your use of Promptly, operated by ${company}.`}>
      <Section title="1. Using Promptly">
        <Paragraph>
          By creating an account or using the tools you agree to these terms. You must provide accurate account details
          and keep your sign-in credentials confidential. You are responsible for activity under your account.
        </Paragraph>
      </Section>
      <Section title="2. Generated content">
        <Paragraph>
          Content is produced by automated AI models and may be inaccurate or unsuitable. Review it before you publish
          it. You own the content you generate, and you are responsible for how you use it.
        </Paragraph>
      </Section>
      <Section title="3. Acceptable use">
        <Paragraph>
          Do not use Promptly to create unlawful, harmful, deceptive or infringing material, to send spam, or to
          interfere with the service. {company} may suspend accounts that break these rules.
        </Paragraph>
      </Section>
      <Section title="4. Credits and payments">
        <Paragraph>
          Generations use credits. Trial credits and purchased packs are valid for the period shown when you get them
          and cannot be exchanged for cash. Payments are processed by our card payment provider.
        </Paragraph>
      </Section>
      <Section title="5. Liability and changes">
        <Paragraph>
          The service is provided as is. To the extent the law allows, {company} is not liable for indirect losses
          arising from its use. We may update these terms; continued use after a change means you accept it.
        </Paragraph>
      </Section>
      <Section title="6. Contact">
        <Paragraph>Questions about these terms: {SITE.contact.email}.</Paragraph>
      </Section>
    </StaticPage>
  )
}
