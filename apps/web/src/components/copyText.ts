/**
 * Copies `text` to the clipboard. Uses the async Clipboard API when the page may (secure context),
 * else a hidden textarea and `execCommand('copy')` (wallet in-app browsers on plain http).
 */
export async function copyText(
  text: string,
  doc: Document = document,
  nav: Navigator | undefined = globalThis.navigator,
): Promise<void> {
  if (nav?.clipboard && globalThis.isSecureContext !== false) {
    await nav.clipboard.writeText(text);
    return;
  }
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  try {
    if (!doc.execCommand('copy')) throw new Error('copy command refused');
  } finally {
    area.remove();
  }
}
