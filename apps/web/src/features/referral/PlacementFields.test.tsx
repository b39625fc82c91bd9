// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { FieldProblem, PlacementFields, type Placement } from './PlacementFields.tsx';

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

const EMPTY: Placement = { side: null, placement: null, contact: '' };

function fields(over: Partial<Parameters<typeof PlacementFields>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(
    <PlacementFields prefix="test" order="side-first" value={EMPTY} problem={null} onChange={onChange} {...over} />,
  );
  return { onChange, view };
}

const groups = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="radiogroup"]')].map((g) => g.getAttribute('data-testid'));

describe('PlacementFields', () => {
  it('reports each choice as a patch of the form', () => {
    const { onChange } = fields();
    fireEvent.click(screen.getByTestId('test-side').querySelector('input[data-value="1"]')!);
    expect(onChange).toHaveBeenLastCalledWith({ side: 1 });
    fireEvent.click(screen.getByTestId('test-placement').querySelector('input[data-value="manual"]')!);
    expect(onChange).toHaveBeenLastCalledWith({ placement: 'manual' });
    expect(screen.queryByTestId('test-contact')).toBeNull();
  });

  it('asks the contact only for a manual placement, and shows what is chosen', () => {
    const { onChange } = fields({ value: { side: 0, placement: 'manual', contact: '0xab' } });
    const contact = screen.getByTestId('test-contact') as HTMLInputElement;
    expect(contact.value).toBe('0xab');
    fireEvent.change(contact, { target: { value: '0xabc' } });
    expect(onChange).toHaveBeenLastCalledWith({ contact: '0xabc' });
    const left = screen.getByTestId('test-side').querySelector('input[data-value="0"]') as HTMLInputElement;
    expect(left.checked).toBe(true);
    expect(left.closest('label')!.className).toBe('is-on');
    const manual = screen.getByTestId('test-placement').querySelector('input[data-value="manual"]') as HTMLInputElement;
    expect(manual.checked).toBe(true);
    expect(manual.name).toBe('test-placement');
  });

  it('orders the side first or last', () => {
    expect(groups(fields({ order: 'side-first' }).view.container)).toEqual(['test-side', 'test-placement']);
    expect(groups(fields({ order: 'side-last' }).view.container)).toEqual(['test-placement', 'test-side']);
  });

  it('explains the placement only when asked, following the choice', () => {
    const { view } = fields({ hint: true, value: { ...EMPTY, placement: 'auto' } });
    expect(view.container.querySelector('.register-hint')!.textContent).toBe(
      "You take the outermost vacant seat on that side of the inviter's team.",
    );
    view.rerender(
      <PlacementFields
        prefix="test"
        order="side-first"
        hint
        value={{ ...EMPTY, placement: 'manual' }}
        problem={null}
        onChange={vi.fn()}
      />,
    );
    expect(view.container.querySelector('.register-hint')!.textContent).toMatch(/^You sit directly under the contact/);
    view.unmount();
    expect(fields().view.container.querySelector('.register-hint')).toBeNull();
  });

  it('shows the form’s problem under its own field only, in en and zh', async () => {
    fields({
      value: { side: 0, placement: 'manual', contact: '0x12' },
      problem: { field: 'contact', code: 'INVALID_WALLET_ADDRESS' },
    });
    const problem = screen.getByTestId('test-problem-contact');
    expect(problem.textContent).toBe('Invalid wallet address');
    expect(problem.getAttribute('data-code')).toBe('INVALID_WALLET_ADDRESS');
    expect(screen.queryByTestId('test-problem-side')).toBeNull();
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('test-problem-contact').textContent).not.toBe('Invalid wallet address');
  });

  it('leaves another field’s problem to the screen', () => {
    fields({ problem: { field: 'inviter', code: 'INVITER_REQUIRED' } });
    expect(screen.queryByRole('alert')).toBeNull();
    render(<FieldProblem prefix="test" field="inviter" problem={{ field: 'inviter', code: 'INVITER_REQUIRED' }} />);
    expect(screen.getByTestId('test-problem-inviter').textContent).toBe(
      'Please enter the invite code or the inviter address',
    );
  });
});
