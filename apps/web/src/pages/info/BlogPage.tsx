import { Paragraph, StaticPage } from '../../components/StaticPage.tsx'

export function BlogPage() {
  return (
    <StaticPage title="Blog">
      <Paragraph>
        Guides, prompt ideas and product news from the Promptly team: how to write a bio that gets followers, which
        caption length works on each network, and what is new in the tools catalogue each week.
      </Paragraph>
      <Paragraph>
        New articles are on their way. In the meantime, the tools themselves are the best place to start.
      </Paragraph>
    </StaticPage>
  )
}
