import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'

export function AboutPage() {
  return (
    <StaticPage title="About Us">
      <Paragraph>
        Promptly is a collection of AI generator tools for creators, marketers and anyone who writes for the web.
        Instead of one blank prompt box, each tool asks for the few details it needs and turns them into a social bio, a
        caption, SEO copy, an e-mail, a blog outline, an image or a voice-over.
      </Paragraph>
      <Section title="What you can do">
        <Paragraph>
          Browse tools by category, bookmark the ones you use most, and generate as often as your credits allow.
          Paraphrasing, image generation, text to audio and audio transcription each have a dedicated tool.
        </Paragraph>
      </Section>
      <Section title="How credits work">
        <Paragraph>
          Every new account starts with a free 7-day trial. When you need more, buy a credit pack, or share a tool with
          friends: each share earns you 50 credits.
        </Paragraph>
      </Section>
    </StaticPage>
  )
}
