import { describe, expect, it, vi } from 'vitest';
import { createModalStore } from './modal.ts';

describe('modal store', () => {
  it('starts hidden, shows, hides and notifies subscribers', () => {
    const store = createModalStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.getState()).toEqual({ visible: false });

    store.show({ message: 'hello', title: 'Notice' });
    const shown = store.getState();
    expect(shown.visible && shown.options).toEqual({ message: 'hello', title: 'Notice' });
    expect(listener).toHaveBeenCalledTimes(1);

    store.hide();
    expect(store.getState().visible).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);

    store.hide();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ message: 'again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('confirm runs onConfirm once and hides; cancel runs onCancel once and hides', () => {
    const store = createModalStore();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    store.show({ message: 'sure?', onConfirm, onCancel });
    store.confirm();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(store.getState().visible).toBe(false);
    store.confirm();
    expect(onConfirm).toHaveBeenCalledTimes(1);

    store.show({ message: 'sure?', onConfirm, onCancel });
    store.cancel();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(store.getState().visible).toBe(false);
  });

  it('hides before the callback runs, so a callback may show the next message', () => {
    const store = createModalStore();
    store.show({ message: 'first', onConfirm: () => store.show({ message: 'second' }) });
    store.confirm();
    const state = store.getState();
    expect(state.visible && state.options.message).toBe('second');
  });

  it('gives every show a new id (the dialog refocuses on a replaced message)', () => {
    const store = createModalStore();
    store.show({ message: 'a' });
    const first = store.getState();
    store.show({ message: 'b' });
    const second = store.getState();
    expect(first.visible && second.visible && first.id !== second.id).toBe(true);
  });
});
