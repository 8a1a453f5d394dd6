const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function formatCreatedAt(date: Date): string {
  return dateTime.format(date)
}

export function creditsText(credits: number): string {
  return credits === 1 ? '1 credit' : `${credits} credits`
}
