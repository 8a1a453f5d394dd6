import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

export function PrivacyPage() {
  const company = SITE.legalEntity
  return (
    <StaticPage
      title="Privacy Policy"
      lead={`How ${company} collects, uses and protects your information on Promptly.`}
    >
      <Section title="Information we collect">
        <Paragraph>
          Your name, e-mail address and profile picture from your account; the inputs you give the tools and the content
          generated for you; your bookmarks, credits and purchases; and basic technical data such as your browser type
          and pages visited.
        </Paragraph>
      </Section>
      <Section title="How we use it">
        <Paragraph>
          To run the tools and your account, to keep your credit balance and transaction history, to prevent abuse, and
          to improve the service. We do not sell your personal information.
        </Paragraph>
      </Section>
      <Section title="Sharing">
        <Paragraph>
          We share data only with the providers that run parts of the service for us (sign-in, AI models, payments,
          hosting), under agreements that protect it, or when the law requires it.
        </Paragraph>
      </Section>
      <Section title="Your rights and requests">
        <Paragraph>
          You can ask to see, correct or delete your personal information by writing to {SITE.contact.email}. We answer
          requests within 30 days. If you opt out of marketing messages, the opt-out takes effect within 15 days.
        </Paragraph>
      </Section>
      <Section title="Children">
        <Paragraph>
          Promptly is not directed at anyone under 18 and we do not knowingly solicit or collect information from people
          under 18. If you believe a minor has given us information, contact us and we will delete it.
        </Paragraph>
      </Section>
      <Section title="Changes">
        <Paragraph>We may update this policy and will show the new version on this page.</Paragraph>
      </Section>
    </StaticPage>
  )
}
