// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GlobalModal } from './GlobalModal.tsx';
import { createModalStore } from './modal.ts';

function setup() {
  const store = createModalStore();
  render(<GlobalModal store={store} />);
  return store;
}

describe('<GlobalModal/>', () => {
  it('renders nothing while hidden and a focused dialog when shown', () => {
    const store = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => store.show({ title: 'Notice', message: 'Copy successful' }));
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.textContent).toContain('Copy successful');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    act(() => store.hide());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows cancel and confirm only when asked, and runs their callbacks', () => {
    const store = setup();
    act(() => store.show({ message: 'plain' }));
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() => store.show({ message: 'Approve?', confirmText: 'Yes', cancelText: 'No', onConfirm, onCancel }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => store.show({ message: 'Approve?', onConfirm, onCancel }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the close button and Esc when closable, and not otherwise', () => {
    const store = setup();
    const onCancel = vi.fn();
    act(() => store.show({ message: 'closable', onCancel }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => store.show({ message: 'esc' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => store.show({ message: 'Confirming, please wait', closable: false }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
