import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser.ts';
import { layoutDefects, type LayoutDefectKind } from './layoutDefects.ts';

let browser: BrowserSession;

beforeAll(async () => {
  browser = await launchBrowser({ viewport: 'small' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function kindsOf(body: string): Promise<LayoutDefectKind[]> {
  await browser.page.setContent(
    `<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:0;font:14px sans-serif} #root{position:fixed;inset:0;overflow:hidden}</style><div id="root">${body}</div>`,
  );
  return (await layoutDefects(browser.page)).map((d) => d.kind);
}

describe('layoutDefects', () => {
  it('finds nothing on a clean screen', async () => {
    expect(
      await kindsOf(
        '<h1>Title</h1><p>Some text that wraps as it should on a small phone, in a box.</p>' +
          '<button aria-label="Close"><svg width="10" height="10"></svg></button>' +
          '<div role="progressbar" aria-label="Emission" style="height:4px"></div>' +
          '<nav style="overflow-x:auto;white-space:nowrap"><a href="#">' +
          'tab '.repeat(60) +
          '</a></nav><p style="overflow:hidden;text-overflow:ellipsis;white-space:nowrap;width:100px">' +
          'A long name without figures that is cut</p>',
      ),
    ).toEqual([]);
  });

  it('finds each kind of defect', async () => {
    expect(await kindsOf('<p style="width:600px">wide</p>')).toContain('page-overflow');
    expect(await kindsOf('<p style="width:60px;white-space:nowrap">50,018,736.0862 ETRO</p>')).toContain(
      'text-overflow',
    );
    expect(
      await kindsOf(
        '<p style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">0.5001873608 USDT</p>',
      ),
    ).toEqual(['clipped-number']);
    expect(await kindsOf('<p style="margin:0">first</p><p style="margin:-10px 0 0">second</p>')).toEqual(['overlap']);
    expect(await kindsOf('<p style="font-size:8.5px">caption</p>')).toEqual(['small-text']);
    expect(await kindsOf('<button><svg width="10" height="10"></svg></button>')).toEqual(['unnamed']);
    expect(await kindsOf('<div role="progressbar" style="height:4px">50%</div>')).toEqual(['unnamed']);
  });

  it('skips what is not drawn', async () => {
    expect(await kindsOf('<p style="font-size:8px;opacity:0">hidden</p><p hidden style="width:900px">x</p>')).toEqual(
      [],
    );
    expect(
      await kindsOf(
        '<span style="position:absolute;width:1px;height:1px;overflow:hidden;white-space:nowrap">Screen reader label</span>',
      ),
    ).toEqual([]);
  });

  it('allows a deliberately layered sibling (a z-index)', async () => {
    expect(
      await kindsOf('<p style="margin:0">first</p><p style="margin:-10px 0 0;position:relative;z-index:1">second</p>'),
    ).toEqual([]);
  });
});
