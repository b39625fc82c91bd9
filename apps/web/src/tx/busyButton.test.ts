// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIVATION_MS, markBusy, trackActivations, type ActivationTracker } from './busyButton.ts';

let tracker: ActivationTracker | undefined;
afterEach(() => {
  tracker?.stop();
  document.body.innerHTML = '';
});

function page(html: string) {
  document.body.innerHTML = html;
  let clock = 1_000;
  tracker = trackActivations(document, () => clock);
  return { tracker, tick: (ms: number) => (clock += ms) };
}

describe('the button that started a write', () => {
  it('is the button tapped last, also when the tap lands on its icon', () => {
    const { tracker } = page('<button id="a">A</button><button id="b"><svg><path id="icon"/></svg></button>');
    expect(tracker.lastButton()).toBeNull();
    document.getElementById('a')!.click();
    expect(tracker.lastButton()?.id).toBe('a');
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(tracker.lastButton()?.id).toBe('b');
  });

  it("is a form's submitter when it is sent with Enter", () => {
    const { tracker } = page('<form><input /><button id="send">Send</button></form>');
    document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
    document.querySelector('form')!.requestSubmit(document.getElementById('send') as HTMLButtonElement);
    expect(tracker.lastButton()?.id).toBe('send');
  });

  it('is forgotten once it left the page or the tap is old', () => {
    const { tracker, tick } = page('<button id="a">A</button><button id="b">B</button>');
    document.getElementById('a')!.click();
    tick(ACTIVATION_MS + 1);
    expect(tracker.lastButton()).toBeNull();
    document.getElementById('b')!.click();
    document.getElementById('b')!.remove();
    expect(tracker.lastButton()).toBeNull();
  });

  it('is marked busy until released, and a second mark does not take off the first', () => {
    page('<button id="a">A</button>');
    const button = document.getElementById('a')!;
    const release = markBusy(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    markBusy(button)();
    expect(button.getAttribute('aria-busy')).toBe('true');
    release();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(() => markBusy(null)()).not.toThrow();
  });
});
