/** A unix time (seconds, from the chain or the indexer) as a date and time in the user's language. */
export function formatDateTime(seconds: bigint | number, language: string): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(Number(seconds) * 1000));
}

/** A UTC day (its 00:00 in unix seconds: the indexer's and the settlement's day) as a date in the user's language. */
export function formatDay(seconds: bigint | number, language: string): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Number(seconds) * 1000),
  );
}
